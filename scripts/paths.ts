/**
 * `npm run paths -- [machine] [--format md|json]`: prints numbered manual test plans (shortest paths to every
 * state, then every simple path) for one registered machine, or for all of them.
 */
import { parseArgs } from 'node:util';
import { definitionHash, MACHINES } from '../src/machines/registry.ts';
import { plansFor, plansMarkdown } from './lib/qaPaths.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { format: { type: 'string', default: 'md' } } });
const format = values.format;
if (format !== 'md' && format !== 'json') {
  console.error(`Unknown --format ${format}; use md or json`);
  process.exit(2);
}
const wanted = positionals[0];
const entries = wanted ? MACHINES.filter((m) => m.id === wanted) : MACHINES;
if (entries.length === 0) {
  console.error(`Unknown machine "${wanted}". Registered: ${MACHINES.map((m) => m.id).join(', ')}`);
  process.exit(2);
}
const output: unknown[] = [];
for (const entry of entries) {
  const version = await definitionHash(entry.machine);
  const plans = plansFor(entry);
  if (format === 'md') console.log(plansMarkdown(entry, version, plans));
  else output.push({ machine: entry.id, version, schemaVersion: entry.schemaVersion, plans });
}
if (format === 'json') console.log(JSON.stringify(output.length === 1 && wanted ? output[0] : output, null, 2));
