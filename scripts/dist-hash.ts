/**
 * `npm run dist:hash`: the hash of a build (scripts/lib/distHash.ts), to compare with what a host serves.
 *   npm run dist:hash                        hash of dist/ (the same line `npm run build` prints)
 *   npm run dist:hash -- --dir DIR           hash of another build directory
 *   npm run dist:hash -- --url https://HOST/ fetch every file of the local build from HOST, hash what is served,
 *                                            and exit 1 when it differs from the local build (config.json excluded)
 *   --list                                   also print the manifest lines (path and SHA-256)
 */
import { parseArgs } from 'node:util';
import { distManifest, servedManifest } from './lib/distHash.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, url: { type: 'string' }, list: { type: 'boolean', default: false } } });
const dir = values.dir ?? 'dist';
const local = await distManifest(dir);
if (values.list) for (const [path, digest] of local.files) console.log(`${digest}  ${path}`);
console.log(`local  ${dir}: ${local.hash}`);
if (values.url) {
  const served = await servedManifest(values.url, local.files.map(([path]) => path));
  console.log(`served ${values.url}: ${served.hash}`);
  const local_ = new Map(local.files);
  const changed = served.files.filter(([path, digest]) => local_.get(path) !== digest).map(([path]) => path);
  for (const path of served.missing) console.log(`  missing: ${path}`);
  for (const path of changed) console.log(`  differs: ${path}`);
  if (served.hash !== local.hash) {
    console.log('The served app is NOT this build.');
    process.exit(1);
  }
  console.log('The served app is exactly this build.');
}
