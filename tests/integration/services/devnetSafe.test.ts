/**
 * Local hashing, signature building, reads and execution checked against the real Safe 1.4.1 contracts on
 * an anvil devnet (started here, stopped by its own handle).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestClient, encodeFunctionData, getAddress, hashMessage, http, parseAbi, parseEther, toHex, zeroAddress, type Address, type EIP1193Provider, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSafe, deploySafeContracts, DEVNET_ACCOUNTS, SAFE_141, startAnvil, type AnvilHandle } from '../../../devnet/chain/index.ts';
import { deployTokens, mintErc20, mintNft } from '../../../devnet/chain/tokens.ts';
import {
  createChainClient,
  createSafeWalletClient,
  executeSafeTransaction,
  isValidSafeSignature,
  isValidSafeSignatureForBytes,
  readSafeModules,
  readSafeSingleton,
  readSafeState,
  signSafeMessage,
  signSafeTransaction,
  effectRisks,
  simulateSafeTx,
  simulateSafeTxEffects,
  simulationOf,
  type ChainClient,
  type ChainConfig,
} from '../../../src/services/chain/index.ts';
import {
  buildSafeTx,
  buildSignatureBytes,
  classifyRisks,
  domainHash,
  encodeMultiSendCall,
  fallbackHandlerAbi,
  messageInnerHash,
  normalizeSafeTx,
  safeAbi,
  safeMessageHash,
  safeMessageTypedData,
  safeTxHash,
  safeTxTypedData,
  type SafeContext,
  type SafeTx,
} from '../../../src/domain/safe/index.ts';

let anvil: AnvilHandle;
let client: ChainClient;
let chain: ChainConfig;
let safe: Address;
let ctx: SafeContext;
const owners = DEVNET_ACCOUNTS.slice(0, 3);

beforeAll(async () => {
  anvil = await startAnvil();
  await deploySafeContracts(anvil.rpcUrl);
  safe = await createSafe(anvil.rpcUrl, { owners: owners.map((o) => o.address), threshold: 2, saltNonce: 4242n });
  chain = {
    chainId: '31337',
    chainName: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
    rpcUri: { authentication: 'NO_AUTHENTICATION', value: anvil.rpcUrl },
  };
  client = createChainClient(chain);
  ctx = { chainId: 31337, safeAddress: safe, version: '1.4.1' };
});

afterAll(async () => {
  await anvil?.stop();
});

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(toHex(b)));
const uint256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
const safeTxArb: fc.Arbitrary<SafeTx> = fc.record({
  to: address,
  value: uint256,
  data: fc.uint8Array({ maxLength: 200 }).map((b): Hex => (b.length ? toHex(b) : '0x')),
  operation: fc.constantFrom(0 as const, 1 as const),
  safeTxGas: uint256,
  baseGas: uint256,
  gasPrice: uint256,
  gasToken: fc.oneof(fc.constant(zeroAddress), address),
  refundReceiver: fc.oneof(fc.constant(zeroAddress), address),
  nonce: uint256,
});

const onChainHash = (tx: SafeTx) =>
  client.readContract({
    address: safe,
    abi: safeAbi,
    functionName: 'getTransactionHash',
    args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, tx.nonce],
  });

describe('hashing equals the Safe contracts', () => {
  it('domainSeparator() equals the local domain hash', async () => {
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'domainSeparator' })).toBe(domainHash(ctx));
  });

  it('random SafeTx: local safeTxHash equals getTransactionHash (property, 60 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(safeTxArb, async (tx) => {
        expect(safeTxHash(ctx, tx)).toBe(await onChainHash(tx));
      }),
      { numRuns: 60 },
    );
  });

  it('random messages: SafeMessage hash equals CompatibilityFallbackHandler.getMessageHashForSafe (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (text) => {
        const expected = await client.readContract({
          address: SAFE_141.compatibilityFallbackHandler,
          abi: fallbackHandlerAbi,
          functionName: 'getMessageHashForSafe',
          args: [safe, messageInnerHash(text)],
        });
        expect(safeMessageHash(ctx, text)).toBe(expected);
      }),
      { numRuns: 30 },
    );
    const typed = {
      domain: { name: 'App', version: '1', chainId: '31337', verifyingContract: '0x0000000000000000000000000000000000000001' },
      types: { Order: [{ name: 'amount', type: 'uint256' }, { name: 'owner', type: 'address' }] },
      message: { amount: 5n, owner: safe },
    };
    expect(safeMessageHash(ctx, typed)).toBe(
      await client.readContract({ address: SAFE_141.compatibilityFallbackHandler, abi: fallbackHandlerAbi, functionName: 'getMessageHashForSafe', args: [safe, messageInnerHash(typed)] }),
    );
  });
});

describe('EIP-1271 on a real Safe', () => {
  const sign = (index: number, typed: ReturnType<typeof safeMessageTypedData>) => privateKeyToAccount(owners[index]!.privateKey).signTypedData(typed);

  it('isValidSignature(bytes32,bytes) answers the magic value only with threshold signatures', async () => {
    const inner = hashMessage('Hello Safe devnet');
    const typed = safeMessageTypedData(ctx, inner);
    const [s0, s2] = await Promise.all([sign(0, typed), sign(2, typed)]);
    const both = buildSignatureBytes([{ signer: owners[2]!.address, data: s2 }, { signer: owners[0]!.address, data: s0 }]);
    expect(await isValidSafeSignature(client, safe, inner, both)).toBe(true);
    expect(await isValidSafeSignature(client, safe, inner, buildSignatureBytes([{ signer: owners[0]!.address, data: s0 }]))).toBe(false);
    expect(await isValidSafeSignature(client, safe, hashMessage('other'), both)).toBe(false);
  });

  it('isValidSignature(bytes,bytes) answers 0x20c13b0b for signatures over the raw bytes', async () => {
    const raw: Hex = '0xdeadbeefcafe';
    const typed = safeMessageTypedData(ctx, raw);
    const sigs = buildSignatureBytes(await Promise.all([0, 1].map(async (i) => ({ signer: owners[i]!.address, data: await sign(i, typed) }))));
    expect(await isValidSafeSignatureForBytes(client, safe, raw, sigs)).toBe(true);
    expect(await isValidSafeSignatureForBytes(client, safe, '0xdeadbeef', sigs)).toBe(false);
  });
});

describe('chain reads and execution through an EIP-1193 wallet', () => {
  // An EIP-1193 provider that forwards to anvil (its accounts are unlocked), like an injected wallet.
  const provider: EIP1193Provider = {
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      const response = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) });
      const body = (await response.json()) as { result?: unknown; error?: { message: string } };
      if (body.error) throw new Error(body.error.message);
      return body.result;
    },
    on: () => undefined,
    removeListener: () => undefined,
  } as unknown as EIP1193Provider;

  it('reads the Safe’s state', async () => {
    expect(await readSafeState(client, safe)).toEqual({
      address: safe,
      nonce: 0n,
      owners: owners.map((o) => o.address),
      threshold: 2,
      version: '1.4.1',
      modules: [],
      guard: zeroAddress,
      fallbackHandler: SAFE_141.compatibilityFallbackHandler,
      singleton: SAFE_141.safeL2,
    });
  });

  it('signs with eth_signTypedData_v4 and executes execTransaction', async () => {
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    await test.setBalance({ address: safe, value: parseEther('5') });
    const recipient = DEVNET_ACCOUNTS[5]!.address;
    const before = await client.getBalance({ address: recipient });
    const state = await readSafeState(client, safe);
    const tx = buildSafeTx({ kind: 'nativeTransfer', to: recipient, value: parseEther('1') }, { safeAddress: safe, version: state.version, nonce: state.nonce });
    const wallets = [0, 1].map((i) => createSafeWalletClient(provider, chain, owners[i]!.address));
    const signatures = await Promise.all(wallets.map(async (w, i) => ({ signer: owners[i]!.address, data: await signSafeTransaction(w, ctx, tx) })));
    expect(signatures[0]!.data).toBe(await privateKeyToAccount(owners[0]!.privateKey).signTypedData(safeTxTypedData(ctx, tx) as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0]));
    const hash = await executeSafeTransaction(wallets[0]!, safe, tx, buildSignatureBytes(signatures));
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(await client.getBalance({ address: recipient })).toBe(before + parseEther('1'));
    expect((await readSafeState(client, safe)).nonce).toBe(1n);

    // A SafeMessage signed through the wallet validates as well.
    const inner = hashMessage('via wallet');
    const msgSigs = await Promise.all(wallets.map(async (w, i) => ({ signer: owners[i]!.address, data: await signSafeMessage(w, ctx, inner) })));
    expect(await isValidSafeSignature(client, safe, inner, buildSignatureBytes(msgSigs))).toBe(true);
    expect(normalizeSafeTx({ to: recipient, nonce: 1n }).data).toBe('0x');
  });
});

describe('a Bybit-style batch on the devnet', () => {
  it('the classifier blocks it, and executing it really replaces the masterCopy in slot 0', async () => {
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    // Attacker code: SSTORE(0, CALLDATALOAD(4)) — "transfer(to, amount)" writes `to` into slot 0.
    const attacker: Address = getAddress('0x00000000000000000000000000000000000bad01');
    await test.setCode({ address: attacker, bytecode: '0x60043560005500' });
    const victim = await createSafe(anvil.rpcUrl, { owners: owners.map((o) => o.address), threshold: 2, saltNonce: 777n });
    const victimCtx: SafeContext = { chainId: 31337, safeAddress: victim, version: '1.4.1' };
    const evilImplementation: Address = '0x000000000000000000000000000000000000dEaD';
    const transfer = (to: Address, value: bigint) =>
      encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 value)']), functionName: 'transfer', args: [to, value] });
    const tx = normalizeSafeTx({
      to: SAFE_141.multiSend,
      operation: 1,
      data: encodeMultiSendCall([
        { operation: 0, to: DEVNET_ACCOUNTS[5]!.address, value: 0n, data: '0x' },
        { operation: 1, to: attacker, value: 0n, data: transfer(evilImplementation, 0n) },
      ]),
      nonce: 0n,
    });

    const risks = classifyRisks(tx, { chainId: 31337, safeVersion: '1.4.1', safeAddress: victim });
    expect(risks.map((r) => [r.severity, r.code, r.path])).toEqual([['blocking', 'untrusted-delegatecall', [1]]]);

    expect(await readSafeSingleton(client, victim)).toBe(SAFE_141.safeL2);
    const typed = safeTxTypedData(victimCtx, tx) as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0];
    const sigs = await Promise.all([0, 1].map(async (i) => ({ signer: owners[i]!.address, data: await privateKeyToAccount(owners[i]!.privateKey).signTypedData(typed) })));
    const wallet = createSafeWalletClient(
      { request: ({ method, params }: { method: string; params?: unknown }) => client.request({ method, params } as never) } as unknown as EIP1193Provider,
      chain,
      owners[0]!.address,
    );
    const hash = await executeSafeTransaction(wallet, victim, tx, buildSignatureBytes(sigs), 1_000_000n);
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    expect(await readSafeSingleton(client, victim)).toBe(evilImplementation);
  });
});

describe('settings changes built locally, executed, and read back from chain', () => {
  it('modules (paginated), fallback handler, owners and threshold', async () => {
    const target = await createSafe(anvil.rpcUrl, { owners: owners.map((o) => o.address), threshold: 2, saltNonce: 9001n });
    const targetCtx: SafeContext = { chainId: 31337, safeAddress: target, version: '1.4.1' };
    const wallet = createSafeWalletClient(
      { request: ({ method, params }: { method: string; params?: unknown }) => client.request({ method, params } as never) } as unknown as EIP1193Provider,
      chain,
      owners[0]!.address,
    );
    const run = async (intent: Parameters<typeof buildSafeTx>[0]) => {
      const state = await readSafeState(client, target);
      const tx = buildSafeTx(intent, { safeAddress: target, version: state.version, nonce: state.nonce, owners: state.owners, modules: state.modules });
      const typed = safeTxTypedData(targetCtx, tx) as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0];
      // Owners 0 and 2 stay owners throughout (owner 1 is swapped out).
      const sigs = await Promise.all([0, 2].map(async (i) => ({ signer: owners[i]!.address, data: await privateKeyToAccount(owners[i]!.privateKey).signTypedData(typed) })));
      const args = [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, buildSignatureBytes(sigs)] as const;
      // Simulate first so a failure names the step and the Safe's revert reason.
      await client.simulateContract({ address: target, abi: safeAbi, functionName: 'execTransaction', args, account: owners[0]!.address }).catch((error: unknown) => {
        throw new Error(`${intent.kind}: ${String(error).slice(0, 600)}`, { cause: error });
      });
      const hash = await executeSafeTransaction(wallet, target, tx, buildSignatureBytes(sigs), 1_000_000n);
      expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    };
    const modules: Address[] = ['0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000A2', '0x00000000000000000000000000000000000000a3'].map((a) => getAddress(a));
    for (const module of modules) await run({ kind: 'enableModule', module });
    // The Safe's linked list is newest first; pages of 2 must still return all three.
    expect(await readSafeModules(client, target, 2n)).toEqual([...modules].reverse());
    await run({ kind: 'disableModule', module: modules[1]! });
    const handler = getAddress('0x00000000000000000000000000000000000000f1');
    await run({ kind: 'setFallbackHandler', handler });
    await run({ kind: 'swapOwner', oldOwner: owners[1]!.address, newOwner: DEVNET_ACCOUNTS[4]!.address });
    await run({ kind: 'changeThreshold', threshold: 3 });
    const state = await readSafeState(client, target);
    expect(state.modules).toEqual([modules[2], modules[0]]);
    expect(state.fallbackHandler).toBe(handler);
    expect(state.owners).toEqual([owners[0]!.address, DEVNET_ACCOUNTS[4]!.address, owners[2]!.address]);
    expect(state.threshold).toBe(3);
    expect(state.nonce).toBe(7n);
  });
});

describe('effect simulation (S7)', () => {
  it('reports a singleton change from a hidden DELEGATECALL, and nothing for a plain transfer', async () => {
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    const attacker = getAddress('0x00000000000000000000000000000000000bad02');
    await test.setCode({ address: attacker, bytecode: '0x60043560005500' });
    const target = await createSafe(anvil.rpcUrl, { owners: owners.map((o) => o.address), threshold: 2, saltNonce: 31337n });
    await test.setBalance({ address: target, value: parseEther('1') });
    const evil = getAddress('0x000000000000000000000000000000000000beef');
    const transfer = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 value)']), functionName: 'transfer', args: [evil, 0n] });
    const batch = normalizeSafeTx({
      to: SAFE_141.multiSend,
      operation: 1,
      data: encodeMultiSendCall([
        { operation: 0, to: DEVNET_ACCOUNTS[5]!.address, value: 1n, data: '0x' },
        { operation: 1, to: attacker, value: 0n, data: transfer },
      ]),
      nonce: 0n,
    });
    const effects = await simulateSafeTxEffects(client, target, batch);
    expect(effects.success).toBe(true);
    expect(effects.changed).toEqual(['singleton', 'balance']);
    expect(effects.after.balance - effects.before.balance).toBe(-1n);
    expect(effects.before.singleton).toBe(SAFE_141.safeL2);
    expect(effects.after.singleton).toBe(evil);
    // The static classifier calls it an untrusted DELEGATECALL; the simulation adds the undeclared slot-0 change.
    expect(effectRisks(effects, batch, classifyRisks(batch, { chainId: 31337, safeVersion: '1.4.1', safeAddress: target })).map((r) => [r.severity, r.code])).toEqual([
      ['blocking', 'implementation-change'],
    ]);

    const plain = await simulateSafeTxEffects(client, target, normalizeSafeTx({ to: DEVNET_ACCOUNTS[5]!.address, value: 1n, nonce: 0n }));
    expect(plain).toMatchObject({ success: true, changed: ['balance'] });
    expect(plain.before).toEqual({ singleton: SAFE_141.safeL2, ownerCount: 3n, threshold: 2n, guard: zeroAddress, fallbackHandler: SAFE_141.compatibilityFallbackHandler, balance: parseEther('1') });
    // What the flows record and show: success, no configuration change, the Safe's native balance down by 1 wei.
    expect(simulationOf(plain, target)).toMatchObject({ status: 'simulated', success: true, configChanges: [], balanceChanges: [{ holder: target, asset: { kind: 'native' }, delta: '-1' }] });
    expect(simulationOf(effects, target).configChanges).toEqual([{ field: 'singleton', before: SAFE_141.safeL2, after: evil }]);
    // A call that reverts inside the Safe is reported as a failure, not as a success.
    const reverting = await simulateSafeTxEffects(client, target, normalizeSafeTx({ to: DEVNET_ACCOUNTS[5]!.address, value: parseEther('5'), nonce: 0n }));
    expect(reverting.success).toBe(false);

    const settings = buildSafeTx({ kind: 'addOwner', owner: DEVNET_ACCOUNTS[6]!.address, threshold: 3 }, { safeAddress: target, version: '1.4.1', nonce: 0n });
    const settingsEffects = await simulateSafeTxEffects(client, target, settings);
    expect(settingsEffects).toMatchObject({ success: true, changed: ['ownerCount', 'threshold'] });
    expect(simulationOf(settingsEffects, target).configChanges).toEqual([
      { field: 'ownerCount', before: 3, after: 4 },
      { field: 'threshold', before: 2, after: 3 },
    ]);
    const declared = classifyRisks(settings, { chainId: 31337, safeVersion: '1.4.1', safeAddress: target });
    expect(effectRisks(settingsEffects, settings, declared).map((r) => r.severity)).toEqual(['warning', 'warning']);
    // Nothing was sent: the Safe is unchanged.
    expect(await readSafeSingleton(client, target)).toBe(SAFE_141.safeL2);
  });
});

describe('the exact execTransaction simulated with eth_simulateV1 (issue 15 hole 6)', () => {
  it('reports success, every balance change of the Safe and its counterparties, and the configuration diff; nothing is sent', async () => {
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    const target = await createSafe(anvil.rpcUrl, { owners: owners.map((o) => o.address), threshold: 2, saltNonce: 77n });
    await test.setBalance({ address: target, value: parseEther('1') });
    const tokens = await deployTokens(anvil.rpcUrl);
    await mintErc20(anvil.rpcUrl, tokens.usd.address, target, 5_000_000n);
    const nftId = await mintNft(anvil.rpcUrl, tokens.nft.address, target);
    const bob = DEVNET_ACCOUNTS[5]!.address;
    const safeInfo = { address: target, owners: owners.map((o) => o.address), threshold: 2 };
    const hashOf = (tx: SafeTx) => safeTxHash({ chainId: 31337, safeAddress: target, version: '1.4.1' }, tx);

    // A batch: 0.25 ETH, 1.5 USD and the NFT to Bob, at a future nonce (the simulation sets the nonce).
    const erc20 = parseAbi(['function transfer(address to, uint256 value)']);
    const erc721 = parseAbi(['function transferFrom(address from, address to, uint256 tokenId)']);
    const batch = normalizeSafeTx({
      to: SAFE_141.multiSendCallOnly,
      operation: 1,
      data: encodeMultiSendCall([
        { operation: 0, to: bob, value: parseEther('0.25'), data: '0x' },
        { operation: 0, to: tokens.usd.address, value: 0n, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [bob, 1_500_000n] }) },
        { operation: 0, to: tokens.nft.address, value: 0n, data: encodeFunctionData({ abi: erc721, functionName: 'transferFrom', args: [target, bob, nftId] }) },
      ]),
      nonce: 3n,
    });
    const { simulation, effects } = await simulateSafeTx(client, safeInfo, batch, hashOf(batch));
    expect(simulation.method).toMatch(/^eth_simulateV1/);
    expect(simulation.success).toBe(true);
    expect(simulation.configChanges).toEqual([]);
    const changes = Object.fromEntries(simulation.balanceChanges.map((b) => [`${b.holder === target ? 'safe' : b.holder === bob ? 'bob' : b.holder}:${b.asset.kind}`, b]));
    expect(changes['safe:native']?.delta).toBe((-parseEther('0.25')).toString());
    expect(changes['bob:native']?.delta).toBe(parseEther('0.25').toString());
    expect(changes['safe:ERC20']).toMatchObject({ asset: { kind: 'ERC20', token: tokens.usd.address }, delta: '-1500000' });
    expect(changes['bob:ERC20']?.delta).toBe('1500000');
    expect(changes['safe:ERC721']).toMatchObject({ asset: { kind: 'ERC721', token: tokens.nft.address, tokenId: nftId.toString() }, delta: '-1' });
    expect(changes['bob:ERC721']?.delta).toBe('1');
    expect(simulation.balanceChanges).toHaveLength(6);
    expect(simulation.tokens?.[tokens.usd.address.toLowerCase()]).toEqual({ symbol: tokens.usd.symbol, decimals: tokens.usd.decimals });
    expect(simulation.assumptions.join(' ')).toContain('nonce set to 3');
    expect(effects.changed).toEqual(['balance']);

    // A settings change: the owners and the threshold, before and after.
    const settings = buildSafeTx({ kind: 'addOwner', owner: DEVNET_ACCOUNTS[6]!.address, threshold: 3 }, { safeAddress: target, version: '1.4.1', nonce: 0n });
    const added = await simulateSafeTx(client, safeInfo, settings, hashOf(settings));
    expect(added.simulation.configChanges).toEqual([
      { field: 'owners', before: owners.map((o) => o.address), after: [DEVNET_ACCOUNTS[6]!.address, ...owners.map((o) => o.address)] },
      { field: 'threshold', before: 2, after: 3 },
    ]);
    expect(added.effects.changed).toEqual(['ownerCount', 'threshold']);

    // A transfer the Safe cannot pay fails with the Safe's own error code.
    const tooMuch = normalizeSafeTx({ to: bob, value: parseEther('5'), nonce: 0n });
    const failing = await simulateSafeTx(client, safeInfo, tooMuch, hashOf(tooMuch));
    expect(failing.simulation).toMatchObject({ success: false, balanceChanges: [] });
    expect(failing.simulation.revertReason).toMatch(/^GS013/);

    // A Bybit-style slot-0 rewrite: the Safe no longer answers afterwards; the probe reads the new implementation.
    const attacker = getAddress('0x00000000000000000000000000000000000bad03');
    await test.setCode({ address: attacker, bytecode: '0x60043560005500' });
    const evil = getAddress('0x000000000000000000000000000000000000beef');
    const rewrite = normalizeSafeTx({ to: attacker, operation: 1, data: `0x00000000${evil.slice(2).padStart(64, '0')}`, nonce: 0n });
    const bybit = await simulateSafeTx(client, safeInfo, rewrite, hashOf(rewrite));
    expect(bybit.simulation.configChanges).toEqual([{ field: 'singleton', before: SAFE_141.safeL2, after: evil }]);
    expect(bybit.simulation.assumptions.join(' ')).toContain('no longer answers as a Safe');
    expect(effectRisks(bybit.effects, rewrite, []).map((r) => [r.severity, r.code])).toEqual([['blocking', 'implementation-change']]);

    // A client without eth_simulateV1 gets the probe, and the result says so.
    const probeOnly = await simulateSafeTx({ call: client.call.bind(client) }, safeInfo, batch, hashOf(batch));
    expect(probeOnly.simulation.method).toMatch(/^eth_call/);
    expect(probeOnly.simulation.assumptions[0]).toContain('eth_simulateV1 could not run here');

    // Nothing was sent.
    expect(await readSafeSingleton(client, target)).toBe(SAFE_141.safeL2);
    expect((await readSafeState(client, target)).nonce).toBe(0n);
  });
});
