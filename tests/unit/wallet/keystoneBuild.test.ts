/**
 * The build steps that let the Keystone stack run in a browser (decision 0079), on the real installed files:
 * - qrReaderWorker: react-qr-reader 2.2.1 (under @keystonehq/sdk) decodes camera frames on the page instead of in a
 *   blob: worker the CSP refuses; the stand-in decodes a real QR image (made with `qrcode`) with `jsqr`, answering
 *   through onmessage as the worker did, and stops answering once terminated;
 * - scopedNodeBuiltins: `crypto` is hdkey's subset and `stream` is stream-browserify only for hdkey / cipher-base.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { PAGE_DECODER, replaceQrReaderWorker } from '../../../scripts/lib/qrReaderWorker.ts';
import { CRYPTO_SUBSET_MODULE, scopedNodeBuiltins } from '../../../scripts/lib/scopedNodeBuiltins.ts';

const require = createRequire(import.meta.url);
const READER = require.resolve('react-qr-reader/lib/index.js', { paths: [require.resolve('@keystonehq/sdk')] });

/** An RGBA image of `text` as a QR code (4 px a module, a quiet zone of 4 modules). */
function qrImage(text: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'L' });
  const size = qr.modules.size + 8;
  const scale = 4;
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let r = 0; r < qr.modules.size; r++)
    for (let c = 0; c < qr.modules.size; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const i = (((r + 4) * scale + y) * width + (c + 4) * scale + x) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
    }
  return { data, width, height: width };
}

describe('react-qr-reader without its blob: worker', () => {
  it('the installed reader is rewritten: no blob worker, no inlined jsQR, the page decoder instead', async () => {
    const source = await readFile(READER, 'utf8');
    expect(source).toContain('new Worker(URL.createObjectURL(workerBlob))');
    const code = replaceQrReaderWorker(source);
    expect(code).not.toContain('new Worker(');
    expect(code).not.toContain('createBlob([');
    expect(code).toContain('this.worker = createPageDecoder();');
    expect(code.length).toBeLessThan(source.length - 90_000);
    expect(() => replaceQrReaderWorker('module.exports = {};')).toThrow(/another version/);
  });

  it('the page decoder answers a frame with the QR code’s text, and nothing after terminate', async () => {
    const createPageDecoder = new Function('require', `${PAGE_DECODER}; return createPageDecoder;`)(require) as () => {
      onmessage: ((event: { data: string | null }) => void) | null;
      postMessage(image: { data: Uint8ClampedArray; width: number; height: number }): void;
      terminate(): void;
    };
    const decoder = createPageDecoder();
    const answers: (string | null)[] = [];
    decoder.onmessage = (event) => answers.push(event.data);
    decoder.postMessage(qrImage('UR:CRYPTO-HDKEY/ONAXHDCLAOJL'));
    decoder.postMessage({ data: new Uint8ClampedArray(16 * 16 * 4).fill(255), width: 16, height: 16 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).toEqual(['UR:CRYPTO-HDKEY/ONAXHDCLAOJL', null]);
    decoder.terminate();
    decoder.postMessage(qrImage('again'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).toHaveLength(2);
  });
});

describe('Node built-ins for the Keystone stack only', () => {
  const plugin = scopedNodeBuiltins();
  const context = { resolve: async (source: string) => ({ id: `/resolved/${source}` }) };
  const resolve = (source: string, importer: string) => plugin.resolveId.call(context, source, importer, {});

  it('hdkey gets the crypto subset, cipher-base stream-browserify; other importers are left alone', async () => {
    expect(await resolve('crypto', '/x/node_modules/hdkey/lib/hdkey.js')).toBe(CRYPTO_SUBSET_MODULE);
    expect(await resolve('stream', '/x/node_modules/cipher-base/index.js')).toEqual({ id: '/resolved/stream-browserify' });
    expect(await resolve('crypto', '/x/node_modules/eccrypto/browser.js')).toBeNull();
    expect(await resolve('stream', '/x/src/main.tsx')).toBeNull();
  });

  it('the crypto subset is hdkey’s three functions from crypto-browserify’s own packages', () => {
    const code = plugin.load(CRYPTO_SUBSET_MODULE)!;
    expect(code).toContain("from 'create-hash'");
    expect(code).toContain("from 'create-hmac'");
    expect(code).toContain("from 'randombytes'");
    expect(plugin.load('/x/other.js')).toBeNull();
    // The packages behind it compute what Node's crypto does (hdkey's HMAC-SHA512 and SHA-256).
    const createHmac = require('create-hmac/browser.js') as (alg: string, key: Buffer) => { update(d: Buffer): { digest(): Buffer } };
    const nodeCrypto = require('node:crypto') as typeof import('node:crypto');
    const key = Buffer.from('Bitcoin seed');
    const data = Buffer.from('00'.repeat(64), 'hex');
    expect(createHmac('sha512', key).update(data).digest().toString('hex')).toBe(nodeCrypto.createHmac('sha512', key).update(data).digest('hex'));
  });
});
