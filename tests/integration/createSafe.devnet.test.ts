/**
 * Creating a Safe with the real services on the devnet: real anvil with the canonical Safe 1.4.1 contracts, the
 * local gateway, and the Devnet Wallet as the EIP-1193 provider. The address the machine shows before deploying
 * (CREATE2, computed locally) is the one the real SafeProxyFactory deploys; the new Safe has the chosen owners,
 * threshold, SafeL2 singleton and compatibility fallback handler, and the gateway lists it under its owners.
 * Also: the next free salt nonce, a taken salt nonce, wallet errors (rejected, insufficient funds, wrong chain),
 * and a restore while the wallet request is in flight (the deployment is found, never sent twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import { createPublicClient, getAddress, http, parseAbi, parseEventLogs, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startDevnet, type Devnet } from '../../devnet/index.ts';
import { createSafeMachine } from '../../src/machines/createSafe/createSafe.machine.ts';
import { CREATE_SAFE_TEXTS } from '../../src/machines/createSafe/createSafe.logic.ts';
import type { CreateSafeForm } from '../../src/machines/createSafe/createSafe.types.ts';
import { createSafeEffects, provideCreateSafeServices, type CreateSafeEffects } from '../../src/services/createSafe.ts';
import { createGatewayClient, type GatewayClient } from '../../src/services/gateway/index.ts';
import { predictSafeAddress, SAFE_141_CREATION, SAFE_PROXY_CREATION_CODE_141, safeProxyFactoryAbi } from '../../src/domain/safe/index.ts';
import type { Eip1193Like } from '../../src/services/transactionFlow/wallet.ts';
import { createDevnetWallet, type DevnetWalletProvider } from '../../src/dev/devnetWallet.ts';

const safeReadAbi = parseAbi(['function getOwners() view returns (address[])', 'function getThreshold() view returns (uint256)']);

let devnet: Devnet;
let gateway: GatewayClient;
let chain: ReturnType<typeof createPublicClient>;
let devnetWallet: DevnetWalletProvider;

beforeAll(async () => {
  devnet = await startDevnet();
  gateway = createGatewayClient({ baseUrl: devnet.gatewayUrl });
  chain = createPublicClient({ transport: http(devnet.rpcUrl), pollingInterval: 50 });
  devnetWallet = createDevnetWallet({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, accounts: devnet.owners, connected: true });
});

afterAll(async () => {
  await devnet?.stop();
});

function effectsWith(wallet: () => Eip1193Like | null): CreateSafeEffects {
  return createSafeEffects({
    gateway,
    loadChains: async () => (await gateway.getChainsConfig()).results,
    chainClient: async () => chain,
    wallet,
    pollIntervalMs: 100,
    pollAttempts: 100,
  });
}

type Snapshot = SnapshotFrom<typeof createSafeMachine>;

function startFlow(wallet: () => Eip1193Like | null, account: Address | null = devnet.owners[0]!.address) {
  const opened: string[] = [];
  const logic = provideCreateSafeServices(createSafeMachine, effectsWith(wallet)).provide({ actions: { openSafe: (_, params) => void opened.push(params.href) } });
  const actor = createActor(logic, { input: { wallet: account ? { address: account, chainId: String(devnet.chainId) } : null } });
  actor.start();
  return { actor, opened };
}

const settle = (actor: ReturnType<typeof startFlow>['actor'], ...states: string[]) =>
  waitFor(actor, (s: Snapshot) => states.some((state) => s.matches(state as never)) || s.status === 'done', { timeout: 45_000 });

function form(owners: Address[], threshold: number, saltNonce = ''): CreateSafeForm {
  return { chainId: String(devnet.chainId), owners: owners.map((address) => ({ name: '', address })), threshold, saltNonce };
}

async function reviewed(flow: ReturnType<typeof startFlow>, submitted: CreateSafeForm) {
  await settle(flow.actor, 'editing');
  flow.actor.send({ type: 'user.submit', form: submitted });
  return settle(flow.actor, 'review', 'editing');
}

describe('createSafe on the devnet', () => {
  const account = (i: number): Address => getAddress(devnet.owners[i]!.address);

  it('the factory on chain has the proxy creation code the prediction uses', async () => {
    const code = await chain.readContract({ address: SAFE_141_CREATION.proxyFactory, abi: safeProxyFactoryAbi, functionName: 'proxyCreationCode' });
    expect(code).toBe(SAFE_PROXY_CREATION_CODE_141);
  });

  it('deploys a 2-of-2 Safe at the predicted address; the gateway lists it under both owners', async () => {
    const owners = [account(0), account(1)];
    const flow = startFlow(() => devnetWallet);
    const review = await reviewed(flow, form(owners, 2));
    expect(review.value).toBe('review');
    const predicted = review.context.prediction!.address;
    expect(predicted).toBe(predictSafeAddress({ owners, threshold: 2, saltNonce: review.context.prediction!.saltNonce }));
    expect(await chain.getCode({ address: predicted })).toBeUndefined();

    flow.actor.send({ type: 'user.deploy' });
    const done = await settle(flow.actor, 'succeeded', 'failed', 'trackingLost', 'walletError');
    expect(done.value).toBe('succeeded');
    expect(flow.opened).toEqual([`/home?safe=devnet:${predicted}`]);

    // The real factory deployed exactly there.
    const receipt = await chain.getTransactionReceipt({ hash: done.context.txHash as Hex });
    const [creation] = parseEventLogs({ abi: safeProxyFactoryAbi, eventName: 'ProxyCreation', logs: receipt.logs });
    expect(getAddress(creation!.args.proxy)).toBe(predicted);
    expect(getAddress(creation!.args.singleton)).toBe(SAFE_141_CREATION.safeL2Singleton);
    expect(await chain.readContract({ address: predicted, abi: safeReadAbi, functionName: 'getOwners' })).toEqual(owners);
    expect(await chain.readContract({ address: predicted, abi: safeReadAbi, functionName: 'getThreshold' })).toBe(2n);

    const info = await gateway.getSafeInfo(String(devnet.chainId), predicted);
    expect(info.threshold).toBe(2);
    expect(info.version).toBe('1.4.1+L2');
    expect(getAddress(info.implementation.value)).toBe(SAFE_141_CREATION.safeL2Singleton);
    expect(getAddress(info.fallbackHandler!.value)).toBe(SAFE_141_CREATION.fallbackHandler);
    for (const owner of owners) {
      const owned = await gateway.getOwnedSafes(String(devnet.chainId), owner);
      expect(owned.safes.map((s) => getAddress(s))).toContain(predicted);
    }

    // The same signers again: the next free salt nonce; the taken one chosen by hand is refused.
    const again = startFlow(() => devnetWallet);
    const next = await reviewed(again, form(owners, 2));
    expect(Number(next.context.prediction!.saltNonce)).toBe(Number(review.context.prediction!.saltNonce) + 1);
    // …and that Safe is the one deployed, though the form's salt nonce was left blank.
    again.actor.send({ type: 'user.deploy' });
    const second = await settle(again.actor, 'succeeded', 'failed', 'trackingLost', 'walletError');
    expect(second.context.walletFailure).toBeNull();
    expect(second.value).toBe('succeeded');
    const secondReceipt = await chain.getTransactionReceipt({ hash: second.context.txHash as Hex });
    const [secondCreation] = parseEventLogs({ abi: safeProxyFactoryAbi, eventName: 'ProxyCreation', logs: secondReceipt.logs });
    expect(getAddress(secondCreation!.args.proxy)).toBe(next.context.prediction!.address);
    again.actor.stop();
    const taken = startFlow(() => devnetWallet);
    const refused = await reviewed(taken, form(owners, 2, review.context.prediction!.saltNonce));
    expect(refused.value).toBe('editing');
    expect(refused.context.errors?.saltNonce).toBe(CREATE_SAFE_TEXTS.alreadyDeployed);
    taken.actor.stop();
  });

  it('a restore while the wallet request is in flight finds the deployment instead of sending it again', async () => {
    let sends = 0;
    // The wallet sends the transaction but its answer never reaches the app (the tab was closed meanwhile).
    const lostAnswer: Eip1193Like = {
      request: (args) => {
        if (args.method !== 'eth_sendTransaction') return devnetWallet.request(args as never);
        sends += 1;
        void devnetWallet.request(args as never);
        return new Promise(() => {});
      },
    };
    const flow = startFlow(() => lostAnswer);
    const review = await reviewed(flow, form([account(0), account(2)], 1));
    const predicted = review.context.prediction!.address;
    flow.actor.send({ type: 'user.deploy' });
    await settle(flow.actor, 'deploying');
    for (let i = 0; i < 100 && (await chain.getCode({ address: predicted })) === undefined; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(flow.actor.getSnapshot().hasTag('nonIdempotent')).toBe(true);
    flow.actor.send({ type: 'system.recover' });
    const done = await settle(flow.actor, 'succeeded', 'interrupted', 'failed', 'trackingLost');
    expect(done.value).toBe('succeeded');
    expect(sends).toBe(1);
    expect(flow.opened).toEqual([`/home?safe=devnet:${predicted}`]);
  });

  it('a restore before anything was sent ends interrupted; back to review re-confirms', async () => {
    const pending: Eip1193Like = {
      request: (args) => (args.method === 'eth_sendTransaction' ? new Promise(() => {}) : devnetWallet.request(args as never)),
    };
    const flow = startFlow(() => pending);
    await reviewed(flow, form([account(1), account(2)], 2));
    flow.actor.send({ type: 'user.deploy' });
    await settle(flow.actor, 'deploying');
    flow.actor.send({ type: 'system.recover' });
    const after = await settle(flow.actor, 'interrupted', 'tracking');
    expect(after.value).toBe('interrupted');
    flow.actor.send({ type: 'user.retry' });
    expect(flow.actor.getSnapshot().value).toBe('review');
    flow.actor.stop();
  });

  it('wallet errors get their own states and keep the form: rejected, insufficient funds, wrong chain', async () => {
    const owners = [account(0), account(1), account(2)];
    const rejecting: Eip1193Like = {
      request: (args) =>
        args.method === 'eth_sendTransaction' ? Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) : devnetWallet.request(args as never),
    };
    const rejected = startFlow(() => rejecting);
    await reviewed(rejected, form(owners, 2));
    rejected.actor.send({ type: 'user.deploy' });
    const r = await settle(rejected.actor, 'walletError');
    expect(r.value).toEqual({ walletError: 'rejected' });
    expect(r.context.walletFailure?.message).toBe('User rejected the transaction.');
    expect(r.context.form.owners.map((o) => o.address)).toEqual(owners);
    rejected.actor.stop();

    // A fresh key with no ETH cannot pay for the deployment.
    const key = generatePrivateKey();
    const poor = createDevnetWallet({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, accounts: [{ address: privateKeyToAccount(key).address, privateKey: key }], connected: true });
    const broke = startFlow(() => poor, privateKeyToAccount(key).address);
    await reviewed(broke, form(owners, 2));
    broke.actor.send({ type: 'user.deploy' });
    const b = await settle(broke.actor, 'walletError');
    expect(b.value).toEqual({ walletError: 'insufficientFunds' });
    broke.actor.stop();

    // The wallet moved to another chain after the review.
    const elsewhere = createDevnetWallet({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, accounts: devnet.owners, connected: true });
    await elsewhere.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x5', chainName: 'Elsewhere', rpcUrls: ['http://127.0.0.1:9'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }] });
    await elsewhere.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x5' }] });
    const wrong = startFlow(() => elsewhere);
    await reviewed(wrong, form(owners, 2));
    wrong.actor.send({ type: 'user.deploy' });
    const w = await settle(wrong.actor, 'walletError');
    expect(w.value).toEqual({ walletError: 'wrongChain' });
    wrong.actor.send({ type: 'user.back' });
    expect(wrong.actor.getSnapshot().value).toBe('editing');
    expect(wrong.actor.getSnapshot().context.form.threshold).toBe(2);
    wrong.actor.stop();
  });
});
