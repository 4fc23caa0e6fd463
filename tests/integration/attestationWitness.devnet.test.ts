/**
 * The verifier's witness against a real anvil (decision 0047): the seeded solo Safe (1-of-1, anvil account 0) signs
 * and executes a transfer through the real transactionFlow machine; its exported stream, attested by the owner and by
 * a stranger, is verified with the chain as witness ("owner at block N: yes / no"), and the recorded execution is
 * found in its transaction. A log naming another transaction as the execution fails. Also `npm run audit:verify
 * -- FILE --rpc URL` prints the same three lines.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEVNET_ACCOUNTS, execSafeTx, startAnvil, type AnvilHandle } from '../../devnet/chain/index.ts';
import { seedChain, type DemoChain } from '../../devnet/seed/chain.ts';
import { MACHINES } from '../../src/machines/registry.ts';
import { attestationSubjectOf, attestationText, type Attestation } from '../../src/services/eventLog/attestation.ts';
import { exportNdjson, verifyNdjson, withAttestation } from '../../src/services/eventLog/ndjson.ts';
import { rpcWitness, type Witness } from '../../src/services/eventLog/witness.ts';
import type { LogRecord } from '../../src/services/eventLog/index.ts';
import { runSigningFlow, signingFlowInput } from '../unit/eventLog/signingFlow.ts';

const key = (i: number) => DEVNET_ACCOUNTS[i]!.privateKey;
const OWNER = privateKeyToAccount(key(0));
const STRANGER = privateKeyToAccount(key(5));
const app = { name: 'countersign', version: 'test' };
let anvil: AnvilHandle;
let demo: DemoChain;
let witness: Witness;
let records: LogRecord[];
let executionTx: Hex;
let attestedBlock: bigint;
const dir = mkdtempSync(join(tmpdir(), 'attest-witness-'));

async function attest(account: typeof OWNER, block: bigint | null): Promise<Attestation> {
  const subject = attestationSubjectOf(records, block);
  return { ...subject, signer: account.address, text: attestationText(subject), signature: await account.signMessage({ message: attestationText(subject) }) };
}

beforeAll(async () => {
  anvil = await startAnvil();
  demo = await seedChain(anvil.rpcUrl);
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  witness = rpcWitness(client, `RPC ${anvil.rpcUrl}`);
  const solo = demo.safes.solo.address;
  // The seeded solo Safe holds 0.9 ETH: top it up for the 1 ETH transfer.
  const funder = createWalletClient({ account: OWNER, transport: http(anvil.rpcUrl) });
  await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: solo, value: parseEther('2'), chain: null }) });
  const nonce = Number(await client.readContract({ address: solo, abi: [{ type: 'function', name: 'nonce', inputs: [], outputs: [{ type: 'uint256' }], stateMutability: 'view' }], functionName: 'nonce' }));
  records = await runSigningFlow({
    input: signingFlowInput({ address: solo, chainId: String(await client.getChainId()), nonce, threshold: 1, owners: [OWNER.address], wallet: OWNER.address }),
    proposer: OWNER,
    cosigners: [],
    recipient: DEVNET_ACCOUNTS[6]!.address,
    execute: async (safeTx) => {
      const { receipt } = await execSafeTx(anvil.rpcUrl, solo, safeTx, { signers: [key(0)] });
      executionTx = receipt.transactionHash;
      return receipt.transactionHash;
    },
  });
  attestedBlock = await client.getBlockNumber();
  expect(await client.getBalance({ address: solo })).toBeLessThan(parseEther('2'));
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a witness chain', () => {
  it('attested by the owner: "owner at block N: yes", and the execution is found in its transaction', async () => {
    expect(records.at(-1)?.stateAfter.value).toBe('succeeded');
    const text = withAttestation(await exportNdjson(records, { app, exportedAt: 'x' }), await attest(OWNER, attestedBlock));
    const report = await verifyNdjson(text, MACHINES, { witness });
    expect(report.problem).toBeNull();
    expect(report.ok).toBe(true);
    expect(report.attestation).toMatchObject({ status: 'valid', signer: OWNER.address, owner: 'yes', block: attestedBlock.toString(), blockSource: 'attested' });
    expect(report.lines[1]).toBe(`Attested by ${OWNER.address} (owner at block ${attestedBlock}: yes).`);
    expect(report.anchors).toMatchObject({ failed: 0, againstChain: 2, chainFailed: 0 });
    expect(report.anchors.details[0]?.executions).toEqual([{ txHash: executionTx, recorded: 'SUCCESS', chain: 'SUCCESS', block: expect.stringMatching(/^\d+$/) }]);
    expect(report.lines[2]).toBe(`Anchored facts: 2 checked (1 hash recomputed from the recorded fields; signatures recovered to ${OWNER.address}), 2 against chain (owners at the latest block, executions in their transactions).`);

    // The command line says the same with --rpc.
    const file = join(dir, 'attested.ndjson');
    writeFileSync(file, text);
    const cli = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/audit-verify.ts', file, '--rpc', anvil.rpcUrl], { encoding: 'utf8' });
    expect(cli.stdout.trim().split('\n').slice(1)).toEqual(report.lines.slice(1));
    expect(cli.status).toBe(0);
  });

  it('attested by a non-owner: "owner at block N: no", and the verification fails', async () => {
    const text = withAttestation(await exportNdjson(records, { app, exportedAt: 'x' }), await attest(STRANGER, null));
    const report = await verifyNdjson(text, MACHINES, { witness });
    expect(report.ok).toBe(false);
    expect(report.attestation).toMatchObject({ status: 'valid', signer: STRANGER.address, owner: 'no', blockSource: 'latest' });
    expect(report.lines[1]).toMatch(new RegExp(`^FAIL: attested by a non-owner ${STRANGER.address}, not among the owners this log records, \\(owner at block \\d+ \\(latest: the attestation names no block\\): no\\)\\.$`));
  });

  it('asks the Safe at the block: yes for an owner, no for a stranger', async () => {
    const team = demo.safes.team.address;
    expect(await witness.isOwner(team, OWNER.address, attestedBlock)).toBe(true);
    expect(await witness.isOwner(team, STRANGER.address, attestedBlock)).toBe(false);
  });

  it('a log that names another transaction as the execution fails against the chain', async () => {
    const forged = structuredClone(records);
    // Point every recorded execution at another transaction (block 1's, no Safe execution in it).
    const other = (await createPublicClient({ transport: http(anvil.rpcUrl) }).getBlock({ blockNumber: 1n })).transactions[0] as Hex;
    for (const record of forged) {
      const output = record.payload['output'] as { txHash?: string } | undefined;
      if (output && typeof output === 'object' && 'txHash' in output) output.txHash = other;
    }
    const { findAnchors } = await import('../../src/services/eventLog/anchors.ts');
    const anchors = await findAnchors(forged);
    expect(anchors.anchors[0]?.executions.map((e) => e.txHash)).toEqual([other]);
    const seen = await witness.execution(demo.safes.solo.address, other, anchors.anchors[0]!.hash);
    expect(seen?.outcome).toBe('absent');
  });
});
