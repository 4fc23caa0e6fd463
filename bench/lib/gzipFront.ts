/**
 * A gzip-compressing front for the static server, as a production host would serve the app: text responses are
 * gzipped (zlib level 6, the usual server default) when the browser accepts it, so Chromium's network log shows
 * the bytes a user downloads.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';

export interface GzipFront {
  url: string;
  stop(): Promise<void>;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|wasm)|image\/svg\+xml)/;

export async function startGzipFront(target: string): Promise<GzipFront> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
    delete headers['accept-encoding'];
    const proxied = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (upstreamRes) => {
      const chunks: Buffer[] = [];
      upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk));
      upstreamRes.on('end', () => {
        const body = Buffer.concat(chunks);
        const out: Record<string, string | string[] | number> = {};
        for (const [key, value] of Object.entries(upstreamRes.headers)) if (value !== undefined && key !== 'content-length' && key !== 'transfer-encoding') out[key] = value;
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && COMPRESSIBLE.test(String(upstreamRes.headers['content-type'] ?? '')) && body.length > 0;
        const payload = gzip ? gzipSync(body, { level: 6 }) : body;
        if (gzip) {
          out['content-encoding'] = 'gzip';
          out.vary = 'accept-encoding';
        }
        out['content-length'] = payload.length;
        res.writeHead(upstreamRes.statusCode ?? 502, out).end(req.method === 'HEAD' ? undefined : payload);
      });
    });
    proxied.on('error', () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((done) => server.close(() => done())) };
}
