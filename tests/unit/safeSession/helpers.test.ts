import { describe, expect, it } from 'vitest';
import { hashTypedData, zeroAddress } from 'viem';
import { initialTransition, transition } from 'xstate';
import { safeSessionMachine } from '../../../src/machines/safeSession/safeSession.machine.ts';
import { errorMessage, failureKind } from '../../../src/machines/safeSession/safeSession.errors.ts';
import { changedTags, childrenToRefresh, findChain, hasFeature, isValidSafeAddress, readSafeParam } from '../../../src/machines/safeSession/safeSession.helpers.ts';
import { GatewayError } from '../../../src/services/gateway/index.ts';
import { privateKeyToAccount } from 'viem/accounts';
import type { Message, TransactionDetails } from '../../../src/domain/gateway/types.ts';
import { SessionLoadError, toSessionError } from '../../../src/services/safeSession.ts';
import { checkMessageDetails, checkTxDetails, computeMessageHashes, computeTxHashes } from '../../../src/services/safeSession.hashes.ts';
import { visibleRange } from '../../../src/views/components/VirtualList.tsx';
import { isOwnerOf, missingSigners, toTxRows, visibleBalances } from '../../../src/views/safeSession/connect.ts';
import { confirmationsText, formatFiat, formatTokenAmount, txInfoText, txRowParts, txRowSentence, txTypeLabel } from '../../../src/views/safeSession/format.ts';
import { DAI, OWNER_A, SAFE, STRANGER, balances, chain, safeSessionSampleInput, message, otherChain, queueItems, sampleSafeInfo as safeInfo, safeInfoChanged, sampleTxDetails as txDetails } from '../../../src/machines/safeSession/safeSession.samples.ts';

describe('session helpers', () => {
  it('accepts lower-case and checksummed addresses, rejects bad checksums and lengths', () => {
    expect(isValidSafeAddress(SAFE)).toBe(true);
    expect(isValidSafeAddress(OWNER_A)).toBe(true);
    expect(isValidSafeAddress(OWNER_A.toLowerCase())).toBe(true);
    expect(isValidSafeAddress(OWNER_A.replace('C8', 'c8'))).toBe(false);
    expect(isValidSafeAddress('0x1234')).toBe(false);
  });

  it('splits ?safe= without validating, so a bad address can be reported', () => {
    expect(readSafeParam(`?safe=devnet:${SAFE}`)).toEqual({ shortName: 'devnet', address: SAFE });
    expect(readSafeParam('?safe=eth:0xnope')).toEqual({ shortName: 'eth', address: '0xnope' });
    expect(readSafeParam('?safe=nocolon')).toBeNull();
    expect(readSafeParam('?chain=eth')).toBeNull();
  });

  it('finds the chain by short name and reads its features', () => {
    expect(findChain([otherChain, chain], 'devnet')).toBe(chain);
    expect(findChain([otherChain], 'devnet')).toBeNull();
    expect(hasFeature(chain, 'ERC721')).toBe(true);
    expect(hasFeature({ ...chain, features: [] }, 'ERC721')).toBe(false);
    expect(hasFeature(null, 'ERC721')).toBe(false);
  });

  it('lists changed tags and the children each one refreshes', () => {
    expect(changedTags(null, safeInfo)).toEqual([]);
    expect(changedTags(safeInfo, { ...safeInfo, nonce: 9 })).toEqual([]);
    expect(changedTags(safeInfo, { ...safeInfo, txQueuedTag: 'x' })).toEqual(['txQueuedTag']);
    expect(changedTags(safeInfo, safeInfoChanged)).toEqual(['txQueuedTag', 'txHistoryTag', 'messagesTag', 'collectiblesTag']);
    expect(childrenToRefresh(['txQueuedTag'])).toEqual(['queue', 'collectibles', 'txDetails']);
    expect(childrenToRefresh(['txHistoryTag'])).toEqual(['queue', 'history', 'collectibles', 'txDetails']);
    expect(childrenToRefresh(['messagesTag'])).toEqual(['messages', 'messageDetails']);
    expect(childrenToRefresh(['collectiblesTag'])).toEqual(['collectibles']);
  });

  it('classifies failures: only a `notFound` kind is "not a Safe"', () => {
    expect(failureKind(new SessionLoadError('404: Not found', 'notFound'))).toBe('notFound');
    expect(failureKind(new Error('boom'))).toBe('unavailable');
    expect(failureKind(null)).toBe('unavailable');
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ message: 'plain' })).toBe('plain');
    expect(errorMessage(undefined)).toBe('Oops, something went wrong!');
  });
});

describe('services/safeSession error mapping', () => {
  it('maps gateway 400/404/422 to notFound and network, timeout and 5xx to unavailable', () => {
    expect(toSessionError(new GatewayError('400: Invalid transaction ID', 400), 'transaction').kind).toBe('notFound');
    expect(toSessionError(new GatewayError('404: Safe not found', 404), 'Safe info')).toMatchObject({ kind: 'notFound', message: '404: Safe not found' });
    expect(toSessionError(new GatewayError('422: Invalid address', 422), 'Safe info').kind).toBe('notFound');
    expect(toSessionError(new GatewayError('503: Service unavailable', 503), 'Safe info')).toMatchObject({
      kind: 'unavailable',
      message: 'The gateway failed (503): 503: Service unavailable',
    });
    expect(toSessionError(new TypeError('fetch failed'), 'chains')).toMatchObject({ kind: 'unavailable', message: 'The gateway could not be reached (fetch failed).' });
    const timeout = Object.assign(new Error('Request timed out'), { name: 'TimeoutError' });
    expect(toSessionError(timeout, 'chains').message).toBe('The gateway did not answer in time (chains).');
  });
});

describe('changed tags (a poll, or a flow that wrote to the gateway)', () => {
  const ready = () => {
    let [snapshot] = initialTransition(safeSessionMachine, safeSessionSampleInput);
    [snapshot] = transition(safeSessionMachine, snapshot, { type: 'xstate.done.actor.loadChains', output: [chain] } as never);
    [snapshot] = transition(safeSessionMachine, snapshot, { type: 'xstate.done.actor.loadSafeInfo', output: safeInfo } as never);
    return snapshot;
  };
  const refreshed = (actions: { type: string; params?: unknown }[]) =>
    actions.filter((a) => a.type === 'xstate.sendTo' && (a.params as { event: { type: string } }).event.type === 'system.refresh').map((a) => (a.params as { targetId: string }).targetId);

  it('reload the running lists and details they cover, and the balances too on a history change', () => {
    const [next, actions] = transition(safeSessionMachine, ready(), { type: 'gateway.tagsChanged', tags: ['txQueuedTag', 'txHistoryTag', 'messagesTag'] });
    // history and messages have not been opened by a screen: not running, nothing to refresh.
    expect(refreshed(actions).sort()).toEqual(['messageDetails', 'queue', 'txDetails']);
    expect(actions.some((a) => a.type === 'xstate.spawnChild' && (a.params as { id: string }).id === 'loadBalances')).toBe(true);
    expect(next.value).toEqual({ ready: { info: 'watching', balances: 'loading', fiatCodes: 'idle' } });
  });

  it('a settled flow reloads the lists at once and polls Safe info again, so an executed nonce is not named next', () => {
    const [next, actions] = transition(safeSessionMachine, ready(), { type: 'system.flowSettled' });
    expect(refreshed(actions).sort()).toEqual(['messageDetails', 'queue', 'txDetails']);
    expect(actions.some((a) => a.type === 'xstate.spawnChild' && (a.params as { id: string }).id === 'loadBalances')).toBe(true);
    // Safe info (its nonce) is polled now, not in 15 s: the queue's "must be executed first" label and bulk
    // execution read the new nonce as soon as it arrives.
    expect(next.value).toEqual({ ready: { info: 'refreshing', balances: 'loading', fiatCodes: 'idle' } });
    expect(actions.some((a) => a.type === 'xstate.spawnChild' && (a.params as { id: string }).id === 'pollSafeInfo')).toBe(true);
    // A poll already running restarts: its answer may predate the flow's write.
    const [, again] = transition(safeSessionMachine, next, { type: 'system.flowSettled' });
    expect(again.some((a) => a.type === 'xstate.spawnChild' && (a.params as { id: string }).id === 'pollSafeInfo')).toBe(true);
  });

  it('without a history change the balances stay as they are, the queue still reloads', () => {
    const [, actions] = transition(safeSessionMachine, ready(), { type: 'gateway.tagsChanged', tags: ['txQueuedTag'] });
    expect(refreshed(actions).sort()).toEqual(['queue', 'txDetails']);
    expect(actions.some((a) => a.type === 'xstate.spawnChild' && (a.params as { id: string }).id === 'loadBalances')).toBe(false);
  });
});

describe('local hashing of the details', () => {
  it('computes the three hashes of a multisig transaction from its own fields', () => {
    const exec = txDetails.detailedExecutionInfo;
    if (exec?.type !== 'MULTISIG') throw new Error('fixture');
    const check = computeTxHashes({ chainId: '31337', safeAddress: SAFE, version: '1.4.1', details: txDetails });
    // Independent computation with viem's EIP-712 implementation.
    const expected = hashTypedData({
      domain: { chainId: 31337, verifyingContract: SAFE as `0x${string}` },
      types: {
        SafeTx: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
          { name: 'operation', type: 'uint8' },
          { name: 'safeTxGas', type: 'uint256' },
          { name: 'baseGas', type: 'uint256' },
          { name: 'gasPrice', type: 'uint256' },
          { name: 'gasToken', type: 'address' },
          { name: 'refundReceiver', type: 'address' },
          { name: 'nonce', type: 'uint256' },
        ],
      },
      primaryType: 'SafeTx',
      message: {
        to: OWNER_A as `0x${string}`,
        value: 10n ** 18n,
        data: '0x',
        operation: 0,
        safeTxGas: 0n,
        baseGas: 0n,
        gasPrice: 0n,
        gasToken: zeroAddress,
        refundReceiver: zeroAddress,
        nonce: 3n,
      },
    });
    expect(check.computed).toBe(expected);
    expect(check.hashes?.safeTxHash).toBe(expected);
    expect(check.hashes?.domainHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(check.hashes?.messageHash).toMatch(/^0x[0-9a-f]{64}$/);
    // The fixture's gateway hash is made up, so this one would show as a mismatch.
    expect(check.expected).toBe(exec.safeTxHash);
    expect(check.computed).not.toBe(check.expected);
  });

  it('hashes for the open Safe: the same transaction of another Safe gives another safeTxHash', () => {
    const a = computeTxHashes({ chainId: '31337', safeAddress: SAFE, version: '1.4.1', details: txDetails });
    const b = computeTxHashes({ chainId: '31337', safeAddress: STRANGER, version: '1.4.1', details: txDetails });
    expect(a.computed).not.toBe(b.computed);
  });

  it('has nothing to hash for module transactions, and refuses an unknown Safe version', () => {
    expect(computeTxHashes({ chainId: '1', safeAddress: SAFE, version: '1.4.1', details: { ...txDetails, detailedExecutionInfo: { type: 'MODULE', address: safeInfo.owners[0]! } } })).toEqual({
      hashes: null,
      computed: null,
      expected: null,
    });
    expect(() => computeTxHashes({ chainId: '1', safeAddress: SAFE, version: null, details: txDetails })).toThrow(/version is unknown/);
  });

  it('computes the SafeMessage hash of a text message', () => {
    const check = computeMessageHashes({ chainId: '31337', safeAddress: SAFE, version: '1.4.1', details: message });
    const expected = hashTypedData({
      domain: { chainId: 31337, verifyingContract: SAFE as `0x${string}` },
      types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'SafeMessage',
      message: { message: check.hashes!.contentHash as `0x${string}` },
    });
    expect(check.computed).toBe(expected);
    expect(check.expected).toBe(message.messageHash);
  });
});

describe('signatures listed on the details page', () => {
  // Two throwaway keys (the first is anvil's well-known account 0) stand in for the owners.
  const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
  const bob = privateKeyToAccount('0x59c6995e333abd7cb3ab13d8e59d6ae5a8d28d5c9c4b5f8f2e6b1e3f0b8d0c2a');
  const req = <T>(details: T) => ({ chainId: '31337', safeAddress: SAFE, version: '1.4.1', details });
  const multisig = (details: TransactionDetails) => {
    if (details.detailedExecutionInfo?.type !== 'MULTISIG') throw new Error('fixture');
    return details.detailedExecutionInfo;
  };
  /** The sample transaction as the gateway would serve it honestly: its real hash, signed by alice. */
  async function honestTx(): Promise<TransactionDetails> {
    const hash = computeTxHashes(req(txDetails)).computed! as `0x${string}`;
    const exec = multisig(txDetails);
    return {
      ...txDetails,
      detailedExecutionInfo: { ...exec, safeTxHash: hash, confirmations: [{ signer: { value: alice.address, name: null, logoUri: null }, signature: await alice.sign({ hash }), submittedAt: 1 }] },
    } as TransactionDetails;
  }

  it('a transaction whose hash matches and whose listed signature signs that hash passes', async () => {
    const check = await checkTxDetails(req(await honestTx()));
    expect(check.computed).toBe(check.expected);
    expect(check.forgedSignatures).toEqual([]);
  });

  it('a consistent forgery (another recipient, its own hash, the real signature kept) is caught by that signature', async () => {
    const honest = await honestTx();
    const forgedBase = { ...honest, txData: { ...honest.txData!, to: { value: STRANGER, name: null, logoUri: null } } } as TransactionDetails;
    const forgedHash = computeTxHashes(req(forgedBase)).computed!;
    const forged = { ...forgedBase, detailedExecutionInfo: { ...multisig(honest), safeTxHash: forgedHash } } as TransactionDetails;
    const check = await checkTxDetails(req(forged));
    // The hash alone agrees with the forged fields...
    expect(check.computed).toBe(check.expected);
    // ...but alice never signed it.
    expect(check.forgedSignatures).toEqual([
      expect.stringMatching(new RegExp(`^The gateway lists a signature by ${alice.address} \\(detailedExecutionInfo\\.confirmations\\.0\\), but there is no signature by ${alice.address} \\(it does not sign this safeTxHash; it recovers to 0x[0-9a-fA-F]{40}\\)\\.$`)),
    ]);
  });

  it('a differing hash is a mismatch already; its signatures are not checked on top', async () => {
    const check = await checkTxDetails(req(txDetails));
    expect(check.computed).not.toBe(check.expected);
    expect(check.forgedSignatures).toEqual([]);
  });

  it('a message: signatures of its SafeMessage hash pass; one made for another message is listed', async () => {
    const real = computeMessageHashes(req(message)).computed! as `0x${string}`;
    const other = computeMessageHashes(req({ ...message, message: 'Another message' } as Message)).computed! as `0x${string}`;
    const honest = {
      ...message,
      messageHash: real,
      confirmations: [
        { owner: { value: alice.address, name: null, logoUri: null }, signature: await alice.sign({ hash: real }) },
        { owner: { value: bob.address, name: null, logoUri: null }, signature: await bob.sign({ hash: other }) },
      ],
    } as Message;
    const check = await checkMessageDetails(req(honest));
    expect(check.forgedSignatures).toEqual([expect.stringContaining(`The gateway lists a signature by ${bob.address} (confirmations.1), but there is no signature by ${bob.address} (it does not sign this safeMessageHash;`)]);
  });
});

describe('view models', () => {
  it('turns queue items into rows with labels, conflict headers and transactions, merging repeats across pages', () => {
    const rows = toTxRows([...queueItems, ...queueItems]);
    expect(rows.map((r) => r.kind)).toEqual(['label', 'conflict', 'tx', 'tx']);
    expect(rows.filter((r) => r.kind === 'tx').map((r) => (r.kind === 'tx' ? r.conflict : null))).toEqual(['HasNext', 'End']);
  });

  it('filters balances by hidden tokens and small balances', () => {
    const prefs = { hiddenTokens: [] as string[], showHiddenTokens: false, hideSmallBalances: false };
    expect(visibleBalances(balances.items, prefs).map((b) => b.balance.tokenInfo.symbol)).toEqual(['ETH', 'DAI']);
    expect(visibleBalances(balances.items, { ...prefs, hideSmallBalances: true }).map((b) => b.balance.tokenInfo.symbol)).toEqual(['ETH']);
    const hidden = { ...prefs, hiddenTokens: [DAI.toLowerCase()] };
    expect(visibleBalances(balances.items, hidden).map((b) => b.balance.tokenInfo.symbol)).toEqual(['ETH']);
    expect(visibleBalances(balances.items, { ...hidden, showHiddenTokens: true }).map((b) => [b.balance.tokenInfo.symbol, b.hidden])).toEqual([
      ['ETH', false],
      ['DAI', true],
    ]);
  });

  it('knows owners and missing signers', () => {
    expect(isOwnerOf(safeInfo, OWNER_A.toLowerCase())).toBe(true);
    expect(isOwnerOf(safeInfo, STRANGER)).toBe(false);
    expect(isOwnerOf(safeInfo, null)).toBe(false);
    expect(missingSigners(safeInfo.owners, [safeInfo.owners[0]!]).map((o) => o.value)).toEqual([safeInfo.owners[1]!.value]);
  });

  it('formats amounts, fiat and transaction labels', () => {
    expect(formatTokenAmount('1234567890000000000000', 18)).toBe('1,234.56789');
    expect(formatTokenAmount('1', 18)).toBe('0');
    expect(formatTokenAmount(null, 18)).toBe('0');
    expect(formatFiat('1234.5', 'usd')).toBe('$1,234.50');
    expect(formatFiat('2', 'eur')).toBe('€2.00');
    expect(formatFiat('3', 'xyz1')).toBe('3.00 XYZ1');
    const tx = queueItems[2];
    if (tx?.type !== 'TRANSACTION') throw new Error('fixture');
    expect(txTypeLabel(tx.transaction.txInfo)).toBe('Sent');
    expect(txInfoText(tx.transaction.txInfo, chain.nativeCurrency)).toBe('−1 ETH');
    expect(confirmationsText(tx.transaction)).toBe('1/2');
    const settings = queueItems[3];
    if (settings?.type !== 'TRANSACTION') throw new Error('fixture');
    expect(txTypeLabel(settings.transaction.txInfo)).toBe('Change required confirmations');
    expect(txInfoText(settings.transaction.txInfo, null)).toBe('Threshold: 1');
  });

  it('keeps a row sentence’s amount apart (ui/Amount writes it) and the sentence the same', () => {
    const tx = queueItems[2];
    const settings = queueItems[3];
    if (tx?.type !== 'TRANSACTION' || settings?.type !== 'TRANSACTION') throw new Error('fixture');
    const noNames = () => null;
    const sent = txRowParts(tx.transaction, chain.nativeCurrency, noNames);
    expect(sent.before).toBe('Sent ');
    expect(sent.amount).toEqual({ value: '1000000000000000000', decimals: 18, symbol: 'ETH' });
    expect(sent.after).toMatch(/^ to 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/);
    expect(txRowSentence(tx.transaction, chain.nativeCurrency, noNames)).toBe(`Sent 1 ETH${sent.after}`);
    const change = txRowParts(settings.transaction, null, noNames);
    expect(change).toEqual({ before: 'Change required confirmations to 1', amount: null, after: '' });
    // A contract call that sends value: the value is the amount, at the end.
    const call = { ...tx.transaction, txInfo: { type: 'Custom', to: { value: SAFE, name: null, logoUri: null }, dataSize: '4', value: '2500000000000000000', methodName: 'deposit', actionCount: null, isCancellation: false } } as typeof tx.transaction;
    expect(txRowParts(call, chain.nativeCurrency, () => 'Vault')).toEqual({ before: 'deposit on Vault with ', amount: { value: '2500000000000000000', decimals: 18, symbol: 'ETH' }, after: '' });
    expect(txRowSentence(call, chain.nativeCurrency, () => 'Vault')).toBe('deposit on Vault with 2.5 ETH');
  });

  it('windows a long list: only the rows near the viewport', () => {
    expect(visibleRange(2000, 56, 640, 0, 6)).toEqual([0, 19]);
    expect(visibleRange(2000, 56, 640, 56 * 1000, 6)).toEqual([994, 1019]);
    expect(visibleRange(2000, 56, 640, 56 * 5000, 6)).toEqual([2000, 2000]);
    expect(visibleRange(0, 56, 640, 0, 6)).toEqual([0, 0]);
  });
});

describe('visibleFiatTotal (Assets and the dashboard)', () => {
  it('counts every token when none is hidden, and leaves the hidden ones out', async () => {
    const { visibleFiatTotal } = await import('../../../src/views/safeSession/connect.ts');
    expect(visibleFiatTotal(balances.items, balances.fiatTotal, [])).toBe(balances.fiatTotal);
    const dai = DAI.toLowerCase();
    const others = balances.items.filter((b) => b.tokenInfo.address.toLowerCase() !== dai).reduce((sum, b) => sum + Number(b.fiatBalance), 0);
    expect(Number(visibleFiatTotal(balances.items, balances.fiatTotal, [dai]))).toBeCloseTo(others);
  });
});
