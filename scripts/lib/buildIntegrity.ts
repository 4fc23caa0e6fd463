/**
 * Our Vite plugin for what a build must guarantee (docs/decisions/0008-csp-sri-reproducible-build-faults.md):
 *  - the Content-Security-Policy meta fallback as the first element of the built index.html (build only: the
 *    dev server injects an inline script for React refresh);
 *  - Subresource Integrity (sha384) on index.html's scripts, stylesheets and modulepreload links;
 *  - an import map whose `integrity` section pins every .js file of the build, so that chunks loaded later by
 *    `import()` (and the modulepreload links Vite adds for them at run time) are checked too, with its hash added
 *    to the meta's script-src (scripts/lib/importMapIntegrity.ts, docs/decisions/0022-lazy-chunk-integrity.md);
 *  - refuses a build whose index.html has any other inline script;
 *  - prints the build's hash (scripts/lib/distHash.ts) that users compare with what they are served.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger, Plugin, ResolvedConfig } from 'vite';
import { metaPolicy } from './csp.ts';
import { distManifest, listFiles } from './distHash.ts';
import { importMapOf, insertImportMap, isScript, sriOf } from './importMapIntegrity.ts';

export { sriOf };

const TAG = /<(script|link)\b([^>]*)>/gi;
const attr = (attrs: string, name: string): string | null => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attrs)?.[1] ?? null;

/**
 * Adds `integrity` to every script with a local `src` and every stylesheet/modulepreload link with a local
 * `href` of an HTML page; `read(path)` gives a file of the build by its URL path (base already stripped).
 * Throws on an inline script (our CSP forbids them) or a local file it cannot find.
 */
export async function addIntegrity(html: string, base: string, read: (path: string) => Promise<Uint8Array>): Promise<string> {
  const replacements: { from: string; to: string }[] = [];
  for (const match of html.matchAll(TAG)) {
    const [whole, tag, attrs = ''] = match;
    const kind = tag!.toLowerCase();
    const url = kind === 'script' ? attr(attrs, 'src') : attr(attrs, 'href');
    if (kind === 'script' && url === null) {
      const type = attr(attrs, 'type');
      if (type !== 'application/ld+json') throw new Error('The built index.html has an inline script, which the Content-Security-Policy forbids.');
      continue;
    }
    if (kind === 'link' && !/^(stylesheet|modulepreload)$/i.test(attr(attrs, 'rel') ?? '')) continue;
    if (url === null || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url) || attr(attrs, 'integrity') !== null) continue;
    const path = url.startsWith(base) ? url.slice(base.length) : url.replace(/^\.?\//, '');
    const integrity = sriOf(await read(path.split(/[?#]/)[0]!));
    const crossorigin = attr(attrs, 'crossorigin') !== null || /\scrossorigin(\s|\/|$)/i.test(attrs) ? '' : ' crossorigin';
    replacements.push({ from: whole!, to: `<${tag}${attrs.replace(/\s*\/?$/, '')} integrity="${integrity}"${crossorigin}>` });
  }
  let out = html;
  for (const { from, to } of replacements) out = out.replace(from, to);
  return out;
}

export function buildIntegrity(): Plugin {
  let config: ResolvedConfig;
  let logger: Logger;
  return {
    name: 'countersign:build-integrity',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
      logger = resolved.logger;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: metaPolicy(config.mode) }, injectTo: 'head-prepend' }],
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(options) {
        const outDir = resolve(config.root, options.dir ?? config.build.outDir);
        const indexPath = join(outDir, 'index.html');
        const html = await readFile(indexPath, 'utf8').catch(() => null);
        if (html !== null) {
          const read = (path: string) => readFile(join(outDir, path));
          // Hashed from disk, after every other plugin wrote its files: the bytes a host will serve.
          const scripts = await Promise.all((await listFiles(outDir)).filter(isScript).map(async (path) => [path, await read(path)] as const));
          await writeFile(indexPath, insertImportMap(await addIntegrity(html, config.base, read), importMapOf(scripts, config.base)));
        }
        const { hash, files } = await distManifest(outDir);
        logger.info(`\nBuild hash (SHA-256 over ${files.length} files, config.json excluded): ${hash}`);
      },
    },
  };
}
