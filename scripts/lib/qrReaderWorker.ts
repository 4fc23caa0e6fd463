/**
 * The Keystone SDK's camera reader (react-qr-reader 2.2.1, issue 19, decision 0079) decodes camera frames in a Web
 * Worker it creates from a `blob:` URL holding an inlined copy of jsQR. The app's Content-Security-Policy
 * (`script-src 'self'`, no `worker-src`) refuses that worker, so in a browser the Keystone could never be read.
 *
 * Rather than allow `blob:` workers, this build step (for that one file only) replaces the worker with an object of
 * the same shape that decodes on the page with the `jsqr` package react-qr-reader depends on (the same decoder as
 * the inlined copy): `postMessage(imageData)` answers through `onmessage({ data })` on the next task, as the worker
 * did. The ~100 kB inlined worker source is dropped with it.
 */

const READER = /[\\/]react-qr-reader[\\/]lib[\\/]index\.js$/;
const INLINE_WORKER = /var workerBlob = createBlob\(\[[\s\S]*?\], \{\s*type: 'application\/javascript'\s*\}\);/;
const NEW_WORKER = 'new Worker(URL.createObjectURL(workerBlob))';

/** The worker stand-in, as CommonJS for react-qr-reader's CommonJS build. */
export const PAGE_DECODER = `function createPageDecoder() {
  var jsqr = require('jsqr');
  var decode = typeof jsqr === 'function' ? jsqr : jsqr.default;
  var decoder = {
    onmessage: null,
    closed: false,
    postMessage: function (image) {
      setTimeout(function () {
        if (decoder.closed || !decoder.onmessage) return;
        var code = decode(image.data, image.width, image.height);
        decoder.onmessage({ data: code ? code.data : null });
      }, 0);
    },
    terminate: function () {
      decoder.closed = true;
    },
  };
  return decoder;
}`;

/** react-qr-reader's source with the page decoder instead of the blob worker; throws when the source is not the expected one. */
export function replaceQrReaderWorker(code: string): string {
  if (!INLINE_WORKER.test(code) || !code.includes(NEW_WORKER)) {
    throw new Error('react-qr-reader: the inlined worker was not found (another version?); see scripts/lib/qrReaderWorker.ts');
  }
  return code.replace(INLINE_WORKER, PAGE_DECODER).replace(NEW_WORKER, 'createPageDecoder()');
}

export function qrReaderWorker() {
  return {
    name: 'countersign:qr-reader-worker',
    transform(code: string, id: string) {
      if (!READER.test(id.replace(/\?.*$/, ''))) return null;
      return { code: replaceQrReaderWorker(code), map: null };
    },
  };
}
