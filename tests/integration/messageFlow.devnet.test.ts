// The message flow with its real effects against the devnet (anvil + the local gateway, which validates every
// message signature): owner A signs a text message and owner B a typed-data message; each reaches CONFIRMED
// after the second signature and the Safe's isValidSignature answers the magic value. A non-owner is refused,
// and a gateway answer for a tampered hash is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, getAddress, hashTypedData, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import { startDevnet, type Devnet } from '../../devnet/index.ts';
import { messageFlowMachine, MESSAGE_TEXTS, signBlocker, hashMismatchText } from '../../src/machines/messageFlow/index.ts';
import type { MessageFlowInput, MessageFlowSafe, MessageFlowWallet } from '../../src/machines/messageFlow/index.ts';
import { createGatewayClient, type GatewayClient } from '../../src/services/gateway/client.ts';
import { GatewayError } from '../../src/services/gateway/http.ts';
import { createMessageFlowEffects, provideMessageFlowServices, previewOf } from '../../src/services/messageFlow.ts';
import { eip1271Abi } from '../../src/domain/safe/abis.ts';
import { safeMessageTypedData } from '../../src/domain/safe/messages.ts';
import { createDevnetWallet, type DevnetWalletProvider } from '../../src/dev/devnetWallet.ts';

let devnet: Devnet;
let gateway: GatewayClient;
let chain: ReturnType<typeof createPublicClient>;
let wallet: DevnetWalletProvider;
let safe: MessageFlowSafe;

type Snapshot = SnapshotFrom<typeof messageFlowMachine>;

beforeAll(async () => {
  devnet = await startDevnet();
  gateway = createGatewayClient({ baseUrl: devnet.gatewayUrl });
  chain = createPublicClient({ transport: http(devnet.rpcUrl) });
  wallet = createDevnetWallet({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, accounts: devnet.owners, connected: true });
  const team = devnet.safes[0]!;
  const info = await gateway.getSafeInfo(String(devnet.chainId), team.address);
  safe = {
    chainId: String(devnet.chainId),
    chainName: 'Devnet',
    address: getAddress(team.address),
    version: info.version ?? '1.4.1',
    threshold: info.threshold,
    owners: info.owners.map((o) => getAddress(o.value)),
    fallbackHandler: info.fallbackHandler ? getAddress(info.fallbackHandler.value) : null,
  };
});

afterAll(async () => {
  await devnet?.stop();
});

const walletOf = (index: number): MessageFlowWallet => {
  wallet.selectAccount(index);
  return { address: devnet.owners[index]!.address, chainId: String(devnet.chainId) };
};

function startFlow(input: Omit<MessageFlowInput, 'flowId' | 'safe' | 'offChainSupported'>, client: GatewayClient = gateway) {
  const machine = provideMessageFlowServices(messageFlowMachine, { gateway: client, chain, wallet: () => wallet, pollIntervalMs: 50 });
  const actor = createActor(machine, { input: { flowId: `message-${Math.random()}`, safe, offChainSupported: true, ...input } });
  actor.start();
  return actor;
}

/** Waits for `state`, or for a state the flow cannot leave by itself (so a failure shows what happened). */
const STUCK = ['refused', 'submitFailed', 'loadFailed', 'verificationFailed', 'walletError', 'interrupted', 'onChainUnavailable', 'collecting.watchFailed'];
const reach = async (actor: ReturnType<typeof startFlow>, state: string): Promise<Snapshot> => {
  const s = await waitFor(actor, (x) => x.status !== 'active' || [state, ...STUCK].some((k) => x.matches(k.split('.').reduceRight<unknown>((acc, part) => (acc === null ? part : { [part]: acc }), null) as never)), {
    timeout: 30_000,
  });
  return s;
};

async function isValidOnChain(innerHash: Hex, signature: Hex): Promise<Hex> {
  return chain.readContract({ address: safe.address, abi: eip1271Abi, functionName: 'isValidSignature', args: [innerHash, signature] });
}

describe('messageFlow on the devnet', () => {
  it('owner A signs a text message; owner B confirms it from the list; CONFIRMED and valid on chain (0x1626ba7e)', async () => {
    const text = `Countersign integration: text message ${Date.now()}`;
    const a = startFlow({ mode: 'sign', wallet: walletOf(0), message: { kind: 'text', message: text } });
    let s = await reach(a, 'review');
    expect(s.value).toBe('review');
    expect(s.context.gatewayMessage).toBeNull();
    const hash = s.context.preview!.safeMessageHash;
    a.send({ type: 'user.sign' });
    s = await reach(a, 'collecting');
    expect(s.matches('collecting')).toBe(true);
    expect(s.context.gatewayMessage).toMatchObject({ messageHash: hash, status: 'NEEDS_CONFIRMATION', confirmationsSubmitted: 1, confirmationsRequired: 2 });
    a.send({ type: 'user.close' });
    expect(a.getSnapshot().output).toEqual({ status: 'rejected', messageHash: hash });

    // Owner B opens it from the messages list (confirm mode, by hash): hashed locally again, then signed.
    const b = startFlow({ mode: 'confirm', wallet: walletOf(1), messageHash: hash });
    s = await reach(b, 'review');
    expect(s.value).toBe('review');
    expect(s.context.preview!.safeMessageHash).toBe(hash);
    expect(s.context.preview!.content).toEqual({ kind: 'text', text });
    b.send({ type: 'user.sign' });
    s = await reach(b, 'confirmed');
    expect(s.value).toBe('confirmed');
    expect(s.context.gatewayMessage!.status).toBe('CONFIRMED');
    expect(s.context.verification).toMatchObject({ valid: true, form: 'hash', hashFormResult: '0x1626ba7e' });
    const prepared = s.context.gatewayMessage!.preparedSignature!;
    expect(await isValidOnChain(s.context.preview!.innerHash, prepared)).toBe('0x1626ba7e');
    b.send({ type: 'user.close' });
    expect(b.getSnapshot().output).toEqual({ status: 'signed', messageHash: hash, signature: prepared });
  });

  it('owner B signs typed data from the compose form; owner C signs in the same dialog after switching wallet; valid on chain', async () => {
    const typed = {
      domain: { name: 'Countersign Test', version: '1', chainId: devnet.chainId, verifyingContract: '0x000000000000000000000000000000000000dEaD' },
      types: {
        Order: [
          { name: 'id', type: 'uint256' },
          { name: 'note', type: 'string' },
        ],
      },
      message: { id: String(Date.now()), note: 'typed-data message' },
    };
    const flow = startFlow({ mode: 'sign', wallet: walletOf(1) });
    expect(flow.getSnapshot().value).toBe('composing');
    // Without primaryType, the seed's rule infers the only root type (Order).
    flow.send({ type: 'user.compose', format: 'typed', text: JSON.stringify(typed) });
    let s = await reach(flow, 'review');
    expect(s.value).toBe('review');
    expect(s.context.preview!.content).toMatchObject({ kind: 'typed', typedData: { primaryType: 'Order' } });
    // The wallet is shown, and sent, exactly the SafeMessage typed data whose hash is displayed.
    const shown = JSON.parse(s.context.preview!.walletTypedData) as { primaryType: string; message: { message: Hex } };
    expect(shown.primaryType).toBe('SafeMessage');
    expect(shown.message.message).toBe(s.context.preview!.innerHash);
    const hash = s.context.preview!.safeMessageHash;
    flow.send({ type: 'user.sign' });
    s = await reach(flow, 'collecting');
    expect(s.context.gatewayMessage!.confirmations.map((c) => c.owner)).toEqual([devnet.owners[1]!.address]);
    // Owner C connects: the dialog lets them sign (later signer → POST messages/{hash}/signatures).
    flow.send({ type: 'wallet.changed', wallet: walletOf(2) });
    expect(flow.getSnapshot().can({ type: 'user.sign' })).toBe(true);
    flow.send({ type: 'user.sign' });
    s = await reach(flow, 'confirmed');
    expect(s.value).toBe('confirmed');
    expect(s.context.gatewayMessage).toMatchObject({ messageHash: hash, status: 'CONFIRMED', confirmationsSubmitted: 2 });
    expect(s.context.verification).toMatchObject({ valid: true, form: 'hash', hashFormResult: '0x1626ba7e' });
    expect(await isValidOnChain(s.context.preview!.innerHash, s.context.gatewayMessage!.preparedSignature!)).toBe('0x1626ba7e');
  });

  it('refuses a non-owner: the dialog cannot sign, the effect refuses, and the gateway rejects such a signature', async () => {
    const stranger = devnet.owners[3]!;
    const text = `Countersign integration: stranger ${Date.now()}`;
    const flow = startFlow({ mode: 'sign', wallet: walletOf(3), message: { kind: 'text', message: text } });
    const s = await reach(flow, 'review');
    expect(s.value).toBe('review');
    expect(s.can({ type: 'user.sign' })).toBe(false);
    expect(signBlocker(s.context)).toBe(MESSAGE_TEXTS.notSigner);

    const effects = createMessageFlowEffects({ gateway, chain, wallet: () => wallet });
    await expect(effects.requestSignature({ safe, wallet: walletOf(3), preview: s.context.preview! })).rejects.toEqual({ kind: 'notOwner', message: MESSAGE_TEXTS.notSigner });

    // A signature made by the stranger's key is never sent.
    const preview = previewOf(safe, { kind: 'text', message: text });
    const signature = await privateKeyToAccount(stranger.privateKey).signTypedData(
      safeMessageTypedData({ chainId: BigInt(safe.chainId), safeAddress: safe.address, version: safe.version }, preview.innerHash),
    );
    expect(hashTypedData(safeMessageTypedData({ chainId: BigInt(safe.chainId), safeAddress: safe.address, version: safe.version }, preview.innerHash))).toBe(preview.safeMessageHash);
    await expect(effects.createMessage({ safe, preview, signature: { signer: stranger.address as Address, signature }, origin: null, safeAppId: null })).rejects.toThrow(
      `Refused: ${stranger.address} is not an owner of this Safe.`,
    );
    // And the gateway itself rejects it.
    const posted = gateway.proposeSafeMessage(safe.chainId, safe.address, { message: text, safeAppId: null, signature, origin: null });
    await expect(posted).rejects.toBeInstanceOf(GatewayError);
    await expect(posted).rejects.toThrow(/Invalid signature/);
    expect(await effects.loadMessage({ safe, messageHash: preview.safeMessageHash })).toBeNull();
  });

  it('refuses a gateway answer whose messageHash differs from the local hash', async () => {
    const tampered = '0x' + 'ab'.repeat(32);
    const lying: GatewayClient = {
      ...gateway,
      getSafeMessage: async (chainId, messageHash) => ({ ...(await gateway.getSafeMessage(chainId, messageHash)), messageHash: tampered }),
    };
    const text = `Countersign integration: tampered ${Date.now()}`;
    const flow = startFlow({ mode: 'sign', wallet: walletOf(0), message: { kind: 'text', message: text } }, lying);
    let s = await reach(flow, 'review');
    expect(s.value).toBe('review');
    const local = s.context.preview!.safeMessageHash;
    flow.send({ type: 'user.sign' });
    s = await reach(flow, 'refused');
    expect(s.value).toBe('refused');
    expect(s.context.error).toBe(hashMismatchText(tampered, local));
    flow.send({ type: 'user.close' });
    expect(flow.getSnapshot().output).toEqual({ status: 'rejected', messageHash: local });

    // Opening that message by hash through the lying gateway is refused too, before anything is signed.
    const confirm = startFlow({ mode: 'confirm', wallet: walletOf(1), messageHash: local }, lying);
    s = await reach(confirm, 'refused');
    expect(s.value).toBe('refused');
    expect(s.context.error).toBe(hashMismatchText(tampered, local));
  });

  it('a signature posted again after a lost answer ("Retry") is stored once and counts as done, not "already exists"', async () => {
    const effects = createMessageFlowEffects({ gateway, chain, wallet: () => wallet, pollIntervalMs: 50 });
    const preview = previewOf(safe, { kind: 'text', message: `Countersign integration: lost answer ${Date.now()}` });
    const a = await effects.requestSignature({ safe, wallet: walletOf(0), preview });
    await effects.createMessage({ safe, preview, signature: a, origin: null, safeAppId: null });
    // The first answer never reached the flow; Retry posts the very same signature.
    const created = await effects.createMessage({ safe, preview, signature: a, origin: null, safeAppId: null });
    expect(created.confirmations.map((c) => c.owner)).toEqual([getAddress(devnet.owners[0]!.address)]);
    const b = await effects.requestSignature({ safe, wallet: walletOf(1), preview });
    await effects.addSignature({ safe, messageHash: preview.safeMessageHash, signature: b });
    const confirmed = await effects.addSignature({ safe, messageHash: preview.safeMessageHash, signature: b });
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.confirmationsSubmitted).toBe(2);
  });
});
