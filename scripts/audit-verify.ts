/**
 * `npm run audit:verify -- FILE`: checks an exported event log (NDJSON): header, every record's hash and the
 * chain, then replays it with the registered machine and compares every recorded state. Prints
 * `OK: …` with counts (exit 0) or `FAIL line L (seq S): …` naming where the file breaks (exit 1).
 */
import { readFile } from 'node:fs/promises';
import { verifyNdjson } from '../src/services/eventLog/ndjson.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run audit:verify -- FILE.ndjson');
  process.exit(2);
}
let text: string;
try {
  text = await readFile(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const report = await verifyNdjson(text);
console.log(report.summary);
if (report.problem) console.log(`kind: ${report.problem.kind}`);
process.exit(report.ok ? 0 : 1);
