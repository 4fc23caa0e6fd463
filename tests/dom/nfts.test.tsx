/**
 * Decision 0041 on screen: NFT images only under the Appearance consent (http(s), lazy, no referrer, a neutral
 * box otherwise); Send per card and "Send N NFTs" as one batch; the queued mark from the decoded bytes, linked
 * to its transaction; and the compose step asking once for the batch's recipient.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { NftImageBox } from '../../src/views/components/NftImage.tsx';
import { FlowsProvider } from '../../src/views/flows/flowsContext.tsx';
import { SafeSessionProvider } from '../../src/views/safeSession/safeSessionContext.tsx';
import { NftsScreen } from '../../src/views/safeSession/Nfts.tsx';
import { ComposeStep } from '../../src/views/transactionFlow/ComposeStep.tsx';
import { TxFlowProvider } from '../../src/views/transactionFlow/txFlowContext.tsx';
import type { FlowEntry, FlowRequest, FlowsPort } from '../../src/machines/shared/flows.ts';
import type { ListPage, PageRequest } from '../../src/machines/pagedList/pagedList.types.ts';
import type { CollectibleItem, MessageListItem, TransactionItem } from '../../src/machines/safeSession/safeSession.types.ts';
import { collectiblesListMachine, historyListMachine, messagesListMachine, queueListMachine, safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import { OWNER_A, balances, chain, fiatCodes, safeSessionSampleInput, sampleSafeInfo } from '../../src/machines/safeSession/safeSession.samples.ts';
import { transactionFlowMachine } from '../../src/machines/transactionFlow/transactionFlow.machine.ts';
import type { TxFlowInput } from '../../src/machines/transactionFlow/transactionFlow.types.ts';
import { SAMPLE_CHAIN_ID, SAMPLE_OWNERS, SAMPLE_SAFE } from '../../src/machines/shared/samples.ts';
import { quietWatcher } from '../harness/quietWatcher.ts';

afterEach(cleanup);

describe('NftImageBox', () => {
  it('loads an http(s) image lazily, without referrer, only when allowed', () => {
    const { container, rerender } = render(<NftImageBox src="https://img.example/1.png" enabled />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://img.example/1.png');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(img).toHaveAttribute('alt', '');
    rerender(<NftImageBox src="https://img.example/1.png" enabled={false} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.nft-image-empty')).not.toBeNull();
  });

  it('never loads other schemes, and falls back to the neutral box when the image fails', () => {
    for (const src of ['javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zy8+', '/local.png', 'ipfs://Qm', '', null]) {
      const { container, unmount } = render(<NftImageBox src={src} enabled />);
      expect(container.querySelector('img'), String(src)).toBeNull();
      unmount();
    }
    const { container } = render(<NftImageBox src="https://img.example/broken.png" enabled />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.nft-image-empty')).not.toBeNull();
  });
});

const NFT = '0x00000000000000000000000000000000000000Aa';
const nft = (id: string, queuedIn: CollectibleItem['queuedIn']): CollectibleItem => ({
  address: NFT,
  tokenName: 'Devnet Collectibles',
  tokenSymbol: 'DNFT',
  logoUri: '',
  id,
  uri: null,
  name: `Devnet Collectibles #${id}`,
  description: null,
  imageUri: `https://img.example/${id}.png`,
  metadata: null,
  queuedIn,
});

async function showNfts(items: CollectibleItem[], tokenLogos = true) {
  const empty = <T,>() => ({ actors: { loadPage: fromPromise<ListPage<T>, PageRequest>(async () => ({ results: [], next: null, count: 0 })) } });
  const session = createActor(
    safeSessionMachine.provide({
      actors: {
        loadChains: fromPromise(async () => [chain]),
        loadSafeInfo: fromPromise(async () => sampleSafeInfo),
        watchSafeInfo: quietWatcher,
        loadBalances: fromPromise(async () => balances),
        loadFiatCodes: fromPromise(async () => fiatCodes),
        queueList: queueListMachine.provide(empty<TransactionItem>()),
        historyList: historyListMachine.provide(empty<TransactionItem>()),
        messagesList: messagesListMachine.provide(empty<MessageListItem>()),
        collectiblesList: collectiblesListMachine.provide({
          actors: { loadPage: fromPromise<ListPage<CollectibleItem>, PageRequest>(async () => ({ results: items, next: null, count: items.length })) },
        }),
      },
    }),
    { input: { ...safeSessionSampleInput, walletAddress: OWNER_A } },
  ).start();
  await act(async () => {
    await waitFor(session, (s) => s.matches('ready'));
  });
  const app = createActor(appSessionMachine, { input: { location: { path: '/nfts', search: '' }, theme: 'light', tokenLogos } });
  const opened: FlowRequest[] = [];
  const port: FlowsPort = {
    subscribe: () => () => {},
    getState: () => ({ flows: [], problems: [] }),
    open: (request) => {
      opened.push(request);
      return { id: 'flow-1' } as unknown as FlowEntry;
    },
  };
  render(
    <AppSessionProvider actor={app}>
      <SafeSessionProvider actor={session}>
        <FlowsProvider port={port}>
          <NftsScreen />
        </FlowsProvider>
      </SafeSessionProvider>
    </AppSessionProvider>,
  );
  const list = await screen.findByRole('list', { name: 'NFTs' });
  return { list, opened };
}

describe('NFTs screen', () => {
  it('marks an NFT a queued transaction moves, linked to that transaction; no mark otherwise', async () => {
    const { list } = await showNfts([nft('0', [{ txId: 'multisig_0xSafe_0xabc', nonce: 5 }]), nft('1', [])]);
    const first = within(list).getByRole('listitem', { name: 'Devnet Collectibles #0' });
    const link = within(first).getByRole('link', { name: 'In queued transaction, nonce 5' });
    expect(link.getAttribute('href')).toContain(`/transactions/tx?id=${encodeURIComponent('multisig_0xSafe_0xabc')}`);
    expect(within(within(list).getByRole('listitem', { name: 'Devnet Collectibles #1' })).queryByRole('link', { name: /queued/ })).toBeNull();
    expect(screen.queryByText(/could not be checked/)).toBeNull();
  });

  it('says when the queue could not be checked', async () => {
    await showNfts([nft('0', null)]);
    expect(screen.getByText(/Whether these NFTs are in queued transactions could not be checked/)).toBeInTheDocument();
  });

  it('shows images only with the Appearance switch on', async () => {
    const { list } = await showNfts([nft('0', [])]);
    expect(list.querySelector('.nft-image img')).toHaveAttribute('src', 'https://img.example/0.png');
    cleanup();
    const off = await showNfts([nft('0', [])], false);
    expect(off.list.querySelector('.nft-image img')).toBeNull();
    expect(off.list.querySelector('.nft-image .nft-image-empty')).not.toBeNull();
  });

  it('Send on a card opens Send NFT with that NFT; selecting two sends them as one batch', async () => {
    const { list, opened } = await showNfts([nft('0', []), nft('1', []), nft('3', [])]);
    await act(async () => within(list).getByRole('button', { name: 'Send Devnet Collectibles #3' }).click());
    expect(opened.at(-1)).toEqual({ kind: 'transaction', mode: 'create', initialDraft: { kind: 'erc721Transfer', token: NFT, tokenId: '3', recipient: '' } });

    expect(screen.queryByRole('button', { name: /^Send \d NFTs?$/ })).toBeNull();
    await act(async () => within(list).getByRole('checkbox', { name: 'Select Devnet Collectibles #0' }).click());
    await act(async () => within(list).getByRole('checkbox', { name: 'Select Devnet Collectibles #1' }).click());
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Send 2 NFTs' }).click());
    expect(opened.at(-1)).toEqual({
      kind: 'transaction',
      mode: 'create',
      initialDraft: {
        kind: 'batch',
        calls: [
          { kind: 'erc721Transfer', token: NFT, tokenId: '0', recipient: '' },
          { kind: 'erc721Transfer', token: NFT, tokenId: '1', recipient: '' },
        ],
      },
    });
    await act(async () => screen.getByRole('button', { name: 'Clear selection' }).click());
    expect(screen.queryByRole('button', { name: 'Send 2 NFTs' })).toBeNull();
  });
});

describe('compose: a batch of NFT transfers from the cards', () => {
  it('asks once for the recipient and composes one transfer per NFT to it', async () => {
    const owner = SAMPLE_OWNERS[0];
    const calls = [
      { kind: 'erc721Transfer' as const, token: NFT, tokenId: '0', recipient: '' },
      { kind: 'erc721Transfer' as const, token: NFT, tokenId: '1', recipient: '' },
    ];
    const input: TxFlowInput = { flowId: 'nft-batch', mode: 'create', safe: { ...SAMPLE_SAFE, owners: [owner] }, wallet: { address: owner, chainId: SAMPLE_CHAIN_ID }, initialDraft: { kind: 'batch', calls } };
    const actor = createActor(transactionFlowMachine.provide({ actors: { loadNonces: fromPromise(() => new Promise<never>(() => {})) } } as never), { input }).start();
    const app = createActor(appSessionMachine, { input: { location: { path: '/home', search: '' }, theme: 'light' } });
    render(
      <AppSessionProvider actor={app}>
        <TxFlowProvider actor={actor}>
          <ComposeStep />
        </TxFlowProvider>
      </AppSessionProvider>,
    );
    const batch = screen.getByRole('region', { name: 'Batch' });
    expect(batch).toHaveTextContent('Send NFT #0 of 0x0000…00Aa');
    expect(batch).toHaveTextContent('Send NFT #1 of 0x0000…00Aa');
    await act(async () => screen.getByRole('button', { name: 'Review batch' }).click());
    expect(actor.getSnapshot().context.draft).toEqual({ kind: 'batch', calls });
    expect(within(batch).getByText('Invalid address')).toBeInTheDocument();

    const recipient = owner;
    fireEvent.change(within(batch).getByLabelText('Recipient of the batch’s 2 transfers'), { target: { value: recipient } });
    await act(async () => screen.getByRole('button', { name: 'Review batch' }).click());
    expect(actor.getSnapshot().context.draft).toEqual({ kind: 'batch', calls: calls.map((c) => ({ ...c, recipient })) });
    actor.stop();
  });
});
