/**
 * Rebuilds AllowanceModule.json (the creation code the devnet deploys, see ../allowance.ts) from the three Solidity
 * files beside it: Safe's Allowance module 0.1.1, copied unchanged from safe-global/safe-modules at the tag
 * allowance/v0.1.1 (commit edf7af00279b3af223b012d24064da62247ee843, modules/allowances/contracts). It compiles
 * them with solcjs 0.7.6 (the npm package solc@0.7.6, fetched by `npm exec`; not a project dependency) and the
 * settings the release was built with (hardhat: optimizer off, runs 200, metadata with literal sources), then
 * checks the result is the canonical one: deployed through the Safe singleton factory with salt 0 it lands at the
 * address @safe-global/safe-modules-deployments lists for 0.1.1, which is keccak256 of exactly this creation code.
 *
 *   npx tsx devnet/chain/allowance-module-0.1.1/compile.ts          # compile and compare with AllowanceModule.json
 *   npx tsx devnet/chain/allowance-module-0.1.1/compile.ts --write  # compile and (re)write it
 *
 * Run by hand only (it downloads solc, about 8 MB); the devnet reads the JSON and checks the address itself.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keccak256, type Hex } from 'viem';
import { ALLOWANCE_MODULE_ARTIFACT_FILE, allowanceModuleCanonicalAddress, type AllowanceModuleArtifact } from '../allowance.ts';
import { singletonFactoryAddressOf } from '../safeContracts.ts';

const here = dirname(fileURLToPath(import.meta.url));
const SOLC = 'solc@0.7.6';
const SOURCES = ['AllowanceModule.sol', 'Enum.sol', 'SignatureDecoder.sol'];
/** hardhat's solc input for the release: the path prefix and these settings are part of the metadata hash in the code. */
const SETTINGS = {
  optimizer: { enabled: false, runs: 200 },
  metadata: { useLiteralContent: true },
  outputSelection: { '*': { '*': ['evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

function compile(): { bytecode: Hex; runtimeCodeHash: Hex } {
  const sources = Object.fromEntries(SOURCES.map((f) => [`contracts/${f}`, { content: readFileSync(join(here, f), 'utf8') }]));
  const input = JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS });
  const run = spawnSync('npm', ['exec', '--yes', `--package=${SOLC}`, '--', 'solcjs', '--standard-json'], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`solcjs failed (${run.status}): ${run.stderr}`);
  const out = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as SolcOutput;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts?.['contracts/AllowanceModule.sol']?.AllowanceModule;
  if (!c) throw new Error('solc produced no AllowanceModule');
  return { bytecode: `0x${c.evm.bytecode.object}`, runtimeCodeHash: keccak256(`0x${c.evm.deployedBytecode.object}`) };
}

const { bytecode, runtimeCodeHash } = compile();
const address = singletonFactoryAddressOf(bytecode);
const canonical = allowanceModuleCanonicalAddress();
console.log(`${SOLC}: creation code ${(bytecode.length - 2) / 2} bytes, keccak256 ${keccak256(bytecode)}`);
console.log(`singleton factory, salt 0 → ${address} (canonical 0.1.1: ${canonical}); runtime code hash ${runtimeCodeHash}`);
if (address !== canonical) {
  console.error('not the canonical creation code');
  process.exit(1);
}
const artifact: AllowanceModuleArtifact = {
  contractName: 'AllowanceModule',
  version: '0.1.1',
  source: 'safe-global/safe-modules@edf7af00279b3af223b012d24064da62247ee843 (tag allowance/v0.1.1), modules/allowances/contracts',
  compiler: '0.7.6+commit.7338295f',
  settings: { optimizer: SETTINGS.optimizer, metadata: SETTINGS.metadata },
  bytecode,
  runtimeCodeHash,
};
const file = join(here, ALLOWANCE_MODULE_ARTIFACT_FILE);
if (process.argv.includes('--write')) {
  writeFileSync(file, `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`wrote ${file}`);
} else {
  const committed = JSON.parse(readFileSync(file, 'utf8')) as AllowanceModuleArtifact;
  const same = committed.bytecode === bytecode && committed.runtimeCodeHash === runtimeCodeHash;
  console.log(same ? `${ALLOWANCE_MODULE_ARTIFACT_FILE} matches` : `${ALLOWANCE_MODULE_ARTIFACT_FILE} differs (run with --write)`);
  if (!same) process.exit(1);
}
