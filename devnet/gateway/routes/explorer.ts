// A minimal block explorer for the devnet (anvil has none), so that the app's Explorer links lead somewhere
// real: an address's balance, nonce and whether it holds code; a transaction's receipt. Devnet only.
import type { Hono } from 'hono';
import { formatEther, getAddress, isAddress, isHash } from 'viem';
import type { GatewayContext } from '../context.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · devnet explorer</title><style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:48rem;overflow-wrap:anywhere}dt{font-weight:600}dd{margin:0 0 .5rem;font-family:ui-monospace,monospace}</style></head><body><h1>${escapeHtml(title)}</h1>${body}<p><small>Devnet explorer: read from the local chain.</small></p></body></html>`;
}

const list = (rows: [string, string][]) => `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;

export function explorerRoutes(app: Hono, ctx: GatewayContext): void {
  const client = ctx.reader.client;

  app.get('/devnet/explorer/address/:address', async (c) => {
    const raw = c.req.param('address');
    if (!isAddress(raw, { strict: false })) return c.html(page('Not an address', `<p>“${escapeHtml(raw)}” is not an address.</p>`), 400);
    const address = getAddress(raw);
    const [balance, nonce, code] = await Promise.all([client.getBalance({ address }), client.getTransactionCount({ address }), client.getCode({ address })]);
    const kind = code && code !== '0x' ? `contract (${(code.length - 2) / 2} bytes of code)` : 'account (no code)';
    return c.html(page(`Address ${address}`, list([['Address', address], ['Kind', kind], ['Balance', `${formatEther(balance)} ETH`], ['Nonce', String(nonce)]])));
  });

  app.get('/devnet/explorer/tx/:hash', async (c) => {
    const hash = c.req.param('hash');
    if (!isHash(hash)) return c.html(page('Not a transaction hash', `<p>“${escapeHtml(hash)}” is not a transaction hash.</p>`), 400);
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
    if (!receipt) return c.html(page('Transaction not found', `<p>No transaction ${escapeHtml(hash)} on this devnet.</p>`), 404);
    return c.html(
      page(
        `Transaction ${hash}`,
        list([
          ['Status', receipt.status === 'success' ? 'Success' : 'Reverted'],
          ['Block', String(receipt.blockNumber)],
          ['From', getAddress(receipt.from)],
          ['To', receipt.to ? getAddress(receipt.to) : `(contract created: ${receipt.contractAddress ? getAddress(receipt.contractAddress) : 'unknown'})`],
          ['Gas used', String(receipt.gasUsed)],
        ]),
      ),
    );
  });
}
