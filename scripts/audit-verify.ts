/**
 * `npm run audit:verify -- FILE [--rpc URL]`: checks an exported event log (NDJSON) and prints what it proves, on
 * three lines (decision 0047):
 *   1. internal consistency: header, every record's hash and the chain, and a replay with the registered machine
 *      that reaches every recorded state ("OK: …" or "FAIL line L (seq S): …"). This alone proves only that the
 *      file agrees with itself: anyone can cut or rewrite a log and recompute its hashes;
 *   2. the attestation: who signed the file's head (and, with --rpc, whether they owned the Safe at the block the
 *      attestation names), or "Not attested: anyone could have written or cut this file.";
 *   3. anchored facts: transaction / message hashes recomputed from the recorded fields and the recorded signatures
 *      recovered; with --rpc, the signers' ownership and the recorded executions checked against that chain.
 * Exit 0 when nothing checked failed, 1 when something did, 2 on a usage error.
 */
import { readFile } from 'node:fs/promises';
import { createPublicClient, http } from 'viem';
import { verifyNdjson } from '../src/services/eventLog/ndjson.ts';
import { rpcWitness } from '../src/services/eventLog/witness.ts';

const args = process.argv.slice(2);
let file: string | undefined;
let rpc: string | undefined;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rpc') rpc = args[++i];
  else if (args[i]?.startsWith('--rpc=')) rpc = args[i]!.slice('--rpc='.length);
  else file ??= args[i];
}
if (!file || (args.includes('--rpc') && !rpc)) {
  console.error('Usage: npm run audit:verify -- FILE.ndjson [--rpc URL]');
  process.exit(2);
}
if (rpc && !/^https?:\/\//.test(rpc)) {
  console.error(`--rpc needs an http(s) URL, not ${rpc}`);
  process.exit(2);
}
let text: string;
try {
  text = await readFile(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const witness = rpc ? rpcWitness(createPublicClient({ transport: http(rpc, { retryCount: 1, timeout: 10_000 }) }), `RPC ${rpc}`) : null;
const report = await verifyNdjson(text, undefined, { witness });
console.log(report.lines.join('\n'));
if (report.problem) console.log(`kind: ${report.problem.kind}`);
process.exit(report.ok && !report.problem ? 0 : 1);
