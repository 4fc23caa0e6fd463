// The devnet gateway's read endpoints against a throw-away devnet, each answer validated against the real
// gateway's shapes (tests/integration/fixtures/gateway/schemas.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, parseAbi, parseEther, zeroAddress } from 'viem';
import { SAFE_141 } from '../../devnet/chain/index.ts';
import { startTestDevnet, owner, sendEth, type TestDevnet } from './fixtures/gateway/devnet.ts';
import { client } from './fixtures/gateway/http.ts';
import * as S from './fixtures/gateway/schemas.ts';

let d: TestDevnet;
let api: ReturnType<typeof client>;
const C = '/v1/chains/31337';

beforeAll(async () => {
  d = await startTestDevnet();
  api = client(d.url);
});
afterAll(async () => {
  await d?.stop();
});

describe('chains and static config', () => {
  it('lists and reads the devnet chain config', async () => {
    const list = await api.get('/v1/chains');
    expect(list.status).toBe(200);
    const page = S.expectShape(S.page(S.ChainInfo), list.body, 'chains page');
    expect(page.results).toHaveLength(1);
    const one = await api.get(C);
    const chain = S.expectShape(S.ChainInfo, one.body, 'chain');
    expect(chain).toMatchObject({ chainId: '31337', shortName: 'devnet', chainName: 'Countersign Devnet', l2: true });
    expect(chain.nativeCurrency).toMatchObject({ symbol: 'ETH', decimals: 18 });
    expect(chain.rpcUri).toEqual({ authentication: 'NO_AUTHENTICATION', value: d.rpcUrl });
    expect(chain.features).toEqual(expect.arrayContaining(['SAFE_APPS', 'ERC721', 'EIP1271', 'CONTRACT_INTERACTION', 'EIP1559', 'SAFE_TX_GAS_OPTIONAL']));
    expect(chain.features).not.toContain('DOMAIN_LOOKUP');
    expect(chain.features).not.toContain('TX_SIMULATION');
    expect(chain.transactionService).toBe(d.url);
    S.expectShape(S.ChainInfo, (await api.get('/v2/chains/31337')).body, 'v2 chain');
  });

  it('serves a minimal explorer for the chain config’s explorer templates: an address, a transaction, and clear errors', async () => {
    const chain = S.expectShape(S.ChainInfo, (await api.get(C)).body, 'chain');
    const to = owner(7).address;
    const hash = await sendEth(d.rpcUrl, owner(6).privateKey, to, parseEther('0.25'));
    const address = await fetch(chain.blockExplorerUriTemplate.address.replace('{{address}}', to));
    expect(address.status).toBe(200);
    const addressPage = await address.text();
    expect(addressPage).toContain(`Address ${to}`);
    expect(addressPage).toContain('account (no code)');
    const tx = await fetch(chain.blockExplorerUriTemplate.txHash.replace('{{txHash}}', hash));
    expect(tx.status).toBe(200);
    const txPage = await tx.text();
    expect(txPage).toContain('Success');
    expect(txPage).toContain(to);
    const missing = await fetch(chain.blockExplorerUriTemplate.txHash.replace('{{txHash}}', `0x${'ab'.repeat(32)}`));
    expect(missing.status).toBe(404);
    const bad = await fetch(chain.blockExplorerUriTemplate.address.replace('{{address}}', '<script>'));
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain('<script>');
  });

  it('answers 404 for another chain', async () => {
    const r = await api.get('/v1/chains/1');
    expect(r.status).toBe(404);
    S.expectShape(S.ErrorBody, r.body, 'error');
    expect((await api.get(`/v1/chains/5/safes/${d.safe}`)).status).toBe(404);
  });

  it('serves master copies, fiat codes, Safe apps and about', async () => {
    const mc = S.expectShape(S.MasterCopies, (await api.get(`${C}/about/master-copies`)).body, 'master copies');
    expect(mc.map((m) => m.address)).toContain(SAFE_141.safeL2);
    expect(S.expectShape(S.FiatCodes, (await api.get('/v1/balances/supported-fiat-codes')).body, 'fiat')).toContain('USD');
    const apps = S.expectShape(S.SafeApps, (await api.get(`${C}/safe-apps?clientUrl=${encodeURIComponent('http://localhost:5173')}`)).body, 'apps');
    expect(apps.length).toBeGreaterThan(0);
    const byUrl = S.expectShape(S.SafeApps, (await api.get(`${C}/safe-apps?url=${encodeURIComponent(apps[0]!.url)}`)).body, 'apps by url');
    expect(byUrl).toHaveLength(1);
    expect((await api.get(`${C}/safe-apps?client_url=${encodeURIComponent('https://evil.example')}`)).status).toBe(200);
    expect((await api.get('/about')).status).toBe(200);
    expect((await api.get(`${C}/about/indexing`)).body).toMatchObject({ synced: true });
  });

  it('answers contract info for Safe contracts and tokens, 404 otherwise', async () => {
    const ms = S.expectShape(S.Contract, (await api.get(`${C}/contracts/${SAFE_141.multiSendCallOnly}`)).body, 'contract');
    expect(ms).toMatchObject({ name: 'MultiSendCallOnly', trustedForDelegateCall: true });
    expect(ms.contractAbi?.abi.length).toBeGreaterThan(0);
    const safeL2 = S.expectShape(S.Contract, (await api.get(`${C}/contracts/${SAFE_141.safeL2.toLowerCase()}`)).body, 'contract');
    expect(safeL2.trustedForDelegateCall).toBe(false);
    const token = S.expectShape(S.Contract, (await api.get(`${C}/contracts/${d.tokens.usd.address}`)).body, 'token contract');
    expect(token.name).toBe('Devnet USD');
    const unknown = await api.get(`${C}/contracts/0x000000000000000000000000000000000000dEaD`);
    expect(unknown.status).toBe(404);
    S.expectShape(S.ErrorBody, unknown.body, 'error');
    expect((await api.get(`${C}/contracts/0x1234`)).status).toBe(422);
  });
});

describe('Safe state', () => {
  it('reads Safe info with owners, threshold, version and tags', async () => {
    const r = await api.get(`${C}/safes/${d.safe}`);
    expect(r.status).toBe(200);
    const info = S.expectShape(S.SafeState, r.body, 'safe info');
    expect(info.address.value).toBe(d.safe);
    expect(info.threshold).toBe(2);
    expect(info.owners.map((o) => o.value)).toEqual([0, 1, 2].map((i) => owner(i).address));
    expect(info.implementation.value).toBe(SAFE_141.safeL2);
    expect(info.implementationVersionState).toBe('UP_TO_DATE');
    expect(info.version).toBe('1.4.1+L2');
    expect(info.fallbackHandler?.value).toBe(SAFE_141.compatibilityFallbackHandler);
    expect(info.modules).toBeNull();
    expect(info.guard).toBeNull();
    expect(info.txHistoryTag).not.toBeNull();
    expect(info.collectiblesTag).not.toBeNull();
    // lowercase address in the path is accepted
    expect((await api.get(`${C}/safes/${d.safe.toLowerCase()}`)).status).toBe(200);
  });

  it('changes txHistoryTag when history changes', async () => {
    const before = S.expectShape(S.SafeState, (await api.get(`${C}/safes/${d.soloSafe}`)).body, 'safe');
    await sendEth(d.rpcUrl, owner(4).privateKey, d.soloSafe, 1000n);
    const after = S.expectShape(S.SafeState, (await api.get(`${C}/safes/${d.soloSafe}`)).body, 'safe');
    expect(after.txHistoryTag).not.toBe(before.txHistoryTag);
  });

  it('answers 404 for a non-Safe and 422 for a bad address', async () => {
    const eoa = await api.get(`${C}/safes/${owner(5).address}`);
    expect(eoa.status).toBe(404);
    expect(S.expectShape(S.ErrorBody, eoa.body, 'error').message).toMatch(/not found/i);
    const bad = await api.get(`${C}/safes/0xnotanaddress`);
    expect(bad.status).toBe(422);
    expect(S.expectShape(S.ErrorBody, bad.body, 'error').message).toBe('Invalid address');
  });

  it('reads balances with fixed devnet prices', async () => {
    const b = S.expectShape(S.Balances, (await api.get(`${C}/safes/${d.safe}/balances/usd?trusted=false&exclude_spam=true`)).body, 'balances');
    const eth = b.items.find((i) => i.tokenInfo.type === 'NATIVE_TOKEN')!;
    expect(eth).toMatchObject({ balance: parseEther('5').toString(), fiatConversion: '3000', fiatBalance: '15000' });
    expect(eth.tokenInfo.address).toBe(zeroAddress);
    const usd = b.items.find((i) => i.tokenInfo.symbol === 'dUSD')!;
    expect(usd).toMatchObject({ balance: '1234560000', fiatBalance: '1234.56', fiatConversion: '1' });
    expect(usd.tokenInfo).toMatchObject({ type: 'ERC20', decimals: 6, address: d.tokens.usd.address });
    expect(b.items.find((i) => i.tokenInfo.symbol === 'DVT')?.balance).toBe(parseEther('42').toString());
    const sorted = [...b.items].sort((x, y) => Number(y.fiatBalance) - Number(x.fiatBalance));
    expect(b.items).toEqual(sorted);
    const eur = S.expectShape(S.Balances, (await api.get(`${C}/safes/${d.safe}/balances/EUR`)).body, 'balances eur');
    expect(Number(eur.fiatTotal)).toBeLessThan(Number(b.fiatTotal));
    const bad = await api.get(`${C}/safes/${d.safe}/balances/xyz`);
    expect(bad.status).toBe(400);
    S.expectShape(S.ErrorBody, bad.body, 'error');
  });

  it('reads collectibles v1 and v2 (paged)', async () => {
    const v1 = S.expectShape(v1Collectibles, (await api.get(`${C}/safes/${d.safe}/collectibles`)).body, 'collectibles v1');
    expect(v1.map((c) => c.id)).toEqual(d.nftIds.map(String));
    const p1 = S.expectShape(S.page(S.Collectible), (await api.get(`/v2/chains/31337/safes/${d.safe}/collectibles?cursor=${encodeURIComponent('limit=1&offset=0')}`)).body, 'collectibles v2');
    expect(p1.results).toHaveLength(1);
    expect(p1.next).toContain('cursor=limit%3D1%26offset%3D1');
    expect(p1.previous).toBeNull();
    const p2 = S.expectShape(S.page(S.Collectible), (await api.get(p1.next!)).body, 'collectibles v2 page 2');
    expect(p2.results[0]!.id).toBe(String(d.nftIds[1]));
    expect(p2.next).toBeNull();
    expect(p2.previous).not.toBeNull();
  });

  it('reads nonces and owned Safes and overviews', async () => {
    expect(S.expectShape(S.Nonces, (await api.get(`${C}/safes/${d.safe}/nonces`)).body, 'nonces')).toEqual({ currentNonce: 0, recommendedNonce: 0 });
    const owned = S.expectShape(S.OwnedSafes, (await api.get(`${C}/owners/${owner(0).address}/safes`)).body, 'owned');
    expect(owned.safes).toEqual(expect.arrayContaining([d.safe, d.soloSafe]));
    const owned1 = S.expectShape(S.OwnedSafes, (await api.get(`${C}/owners/${owner(1).address}/safes`)).body, 'owned');
    expect(owned1.safes).toEqual([d.safe]);
    const all = S.expectShape(S.AllOwnedSafes, (await api.get(`/v1/owners/${owner(0).address}/safes`)).body, 'all owned');
    expect(all['31337']).toEqual(expect.arrayContaining([d.safe, d.soloSafe]));
    const ov = S.expectShape(
      S.SafeOverviews,
      (await api.get(`/v1/safes?currency=usd&safes=31337:${d.safe},31337:${d.soloSafe},1:${d.safe},31337:0x000000000000000000000000000000000000dEaD&trusted=false&exclude_spam=true&wallet_address=${owner(0).address}`)).body,
      'overviews',
    );
    expect(ov.map((o) => o.address.value)).toEqual([d.safe, d.soloSafe]);
    expect(ov[0]).toMatchObject({ chainId: '31337', threshold: 2, queued: 0, awaitingConfirmation: 0 });
    expect(Number(ov[0]!.fiatTotal)).toBeGreaterThan(15000);
    expect((await api.get('/v1/safes')).status).toBe(400);
  });
});

const v1Collectibles = (await import('valibot')).array(S.Collectible);

describe('history from the chain', () => {
  it('lists creation, incoming ETH, token and NFT transfers with date labels', async () => {
    const r = await api.get(`${C}/safes/${d.safe}/transactions/history?trusted=true&timezone=Europe/Berlin`);
    const page = S.expectShape(S.HistoryPage, r.body, 'history');
    expect(page.results[0]!.type).toBe('DATE_LABEL');
    const txs = page.results.flatMap((i) => (i.type === 'TRANSACTION' ? [i.transaction] : []));
    const kinds = txs.map((t) => (t.txInfo.type === 'Transfer' ? t.txInfo.transferInfo.type : t.txInfo.type));
    expect(kinds).toEqual(['ERC721', 'ERC721', 'ERC20', 'ERC20', 'NATIVE_COIN', 'Creation']);
    const creation = txs.at(-1)!;
    expect(creation.id).toBe(`creation_${d.safe}`);
    expect(creation.txInfo).toMatchObject({ type: 'Creation', saltNonce: '1', factory: { value: SAFE_141.safeProxyFactory }, implementation: { value: SAFE_141.safeL2 } });
    for (const t of txs) expect(t.txStatus).toBe('SUCCESS');
    const incoming = txs.find((t) => t.txInfo.type === 'Transfer' && t.txInfo.transferInfo.type === 'NATIVE_COIN')!;
    expect(incoming.txInfo).toMatchObject({ direction: 'INCOMING', sender: { value: owner(3).address }, recipient: { value: d.safe } });
    // details of every history entry
    for (const t of txs) {
      const det = await api.get(`${C}/transactions/${t.id}`);
      expect(det.status, t.id).toBe(200);
      const details = S.expectShape(S.TransactionDetails, det.body, `details ${t.id}`);
      expect(details.txId).toBe(t.id);
    }
  });

  it('pages history with cursor links', async () => {
    const first = S.expectShape(S.HistoryPage, (await api.get(`${C}/safes/${d.safe}/transactions/history?cursor=${encodeURIComponent('limit=2&offset=0')}`)).body, 'history p1');
    expect(first.results.filter((i) => i.type === 'TRANSACTION')).toHaveLength(2);
    expect(first.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/chains\/31337\/safes\/.+\/transactions\/history\?cursor=limit%3D2%26offset%3D2$/);
    const second = S.expectShape(S.HistoryPage, (await api.get(first.next!)).body, 'history p2');
    expect(second.previous).not.toBeNull();
    // same day as the previous page: no repeated DATE_LABEL at the top
    expect(second.results[0]!.type).toBe('TRANSACTION');
  });

  it('lists incoming transfers, and empty multisig/module lists', async () => {
    const inc = S.expectShape(S.TransactionPage, (await api.get(`${C}/safes/${d.safe}/incoming-transfers/?trusted=true`)).body, 'incoming');
    expect(inc.results).toHaveLength(5);
    const onlyUsd = S.expectShape(S.TransactionPage, (await api.get(`${C}/safes/${d.safe}/incoming-transfers/?token_address=${d.tokens.usd.address}`)).body, 'incoming usd');
    expect(onlyUsd.results).toHaveLength(1);
    S.expectShape(S.TransactionPage, (await api.get(`${C}/safes/${d.safe}/multisig-transactions/`)).body, 'multisig');
    S.expectShape(S.TransactionPage, (await api.get(`${C}/safes/${d.safe}/module-transactions/`)).body, 'module');
  });

  it('rejects bad transaction ids', async () => {
    expect((await api.get(`${C}/transactions/multisig_0x12_0xab`)).status).toBe(400);
    expect((await api.get(`${C}/transactions/foo`)).status).toBe(400);
    const missing = await api.get(`${C}/transactions/0x${'ab'.repeat(32)}`);
    expect(missing.status).toBe(404);
    S.expectShape(S.ErrorBody, missing.body, 'error');
  });
});

describe('decoding', () => {
  const erc20 = parseAbi(['function transfer(address to, uint256 value)', 'function approve(address spender, uint256 value)']);

  it('decodes ERC20, Safe settings and MultiSend calls', async () => {
    const transfer = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [owner(5).address, 10n] });
    const dec = S.expectShape(S.DataDecoded, (await api.post(`${C}/data-decoder`, { data: transfer, to: d.tokens.usd.address })).body, 'decoded');
    expect(dec).toMatchObject({ method: 'transfer', parameters: [{ name: 'to', type: 'address', value: owner(5).address }, { name: 'value', type: 'uint256', value: '10' }] });

    const addOwner = encodeFunctionData({ abi: parseAbi(['function addOwnerWithThreshold(address owner, uint256 _threshold)']), functionName: 'addOwnerWithThreshold', args: [owner(6).address, 2n] });
    const packed = (to: string, data: `0x${string}`) =>
      `00${to.slice(2).toLowerCase()}${'0'.repeat(64)}${(data.length / 2 - 1).toString(16).padStart(64, '0')}${data.slice(2)}`;
    const multi = encodeFunctionData({
      abi: parseAbi(['function multiSend(bytes transactions)']),
      functionName: 'multiSend',
      args: [`0x${packed(d.tokens.usd.address, transfer)}${packed(d.safe, addOwner)}`],
    });
    const md = S.expectShape(S.DataDecoded, (await api.post(`${C}/data-decoder`, { data: multi, to: SAFE_141.multiSendCallOnly })).body, 'multisend');
    expect(md.method).toBe('multiSend');
    const vd = md.parameters![0]!.valueDecoded as Array<{ to: string; dataDecoded: { method: string } | null }>;
    expect(vd.map((x) => [x.to, x.dataDecoded?.method])).toEqual([
      [d.tokens.usd.address, 'transfer'],
      [d.safe, 'addOwnerWithThreshold'],
    ]);

    const view = S.expectShape(S.ConfirmationView, (await api.post(`${C}/safes/${d.safe}/views/transaction-confirmation`, { data: addOwner, to: d.safe })).body, 'confirmation view');
    expect(view.method).toBe('addOwnerWithThreshold');

    const preview = S.expectShape(S.Preview, (await api.post(`${C}/transactions/${d.safe}/preview`, { to: d.safe, data: addOwner, value: '0', operation: 0 })).body, 'preview');
    expect(preview.txInfo).toMatchObject({ type: 'SettingsChange', settingsInfo: { type: 'ADD_OWNER', owner: { value: owner(6).address }, threshold: 2 } });
    const nftPreview = S.expectShape(
      S.Preview,
      (await api.post(`${C}/transactions/${d.safe}/preview`, {
        to: d.tokens.nft.address,
        data: encodeFunctionData({ abi: parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']), functionName: 'safeTransferFrom', args: [d.safe, owner(5).address, d.nftIds[0]!] }),
        value: '0',
        operation: 0,
      })).body,
      'nft preview',
    );
    expect(nftPreview.txInfo).toMatchObject({ type: 'Transfer', direction: 'OUTGOING', transferInfo: { type: 'ERC721', tokenId: String(d.nftIds[0]) } });
  });

  it('rejects undecodable or invalid data', async () => {
    const r = await api.post(`${C}/data-decoder`, { data: '0xdeadbeef' });
    expect(r.status).toBe(404);
    S.expectShape(S.ErrorBody, r.body, 'error');
    const bad = await api.post(`${C}/data-decoder`, { data: 'nothex' });
    expect(bad.status).toBe(422);
    expect(S.expectShape(S.ErrorBody, bad.body, 'error').message).toBe('Invalid hex');
  });

  it('estimates safeTxGas and answers nonces', async () => {
    const est = S.expectShape(S.Estimation, (await api.post(`/v2/chains/31337/safes/${d.safe}/multisig-transactions/estimations`, { to: owner(5).address, value: '1000', data: '0x', operation: 0 })).body, 'estimation');
    expect(BigInt(est.safeTxGas)).toBeGreaterThan(0n);
    expect(est.currentNonce).toBe(0);
    const reverting = await api.post(`/v2/chains/31337/safes/${d.safe}/multisig-transactions/estimations`, {
      to: d.tokens.usd.address,
      value: '0',
      data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [owner(5).address, 10n ** 30n] }),
      operation: 0,
    });
    expect(reverting.status).toBe(422);
    expect(S.expectShape(S.ErrorBody, reverting.body, 'error').message).toMatch(/estimation failed/i);
  });
});

describe('CORS', () => {
  it('allows localhost origins and rejects others', async () => {
    const ok = await fetch(`${d.url}/v1/chains`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const ok2 = await fetch(`${d.url}/v1/chains`, { headers: { Origin: 'http://127.0.0.1:4173' } });
    expect(ok2.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    const no = await fetch(`${d.url}/v1/chains`, { headers: { Origin: 'https://evil.example' } });
    expect(no.headers.get('access-control-allow-origin')).toBeNull();
    expect(getAddress(d.safe)).toBe(d.safe);
  });
});
