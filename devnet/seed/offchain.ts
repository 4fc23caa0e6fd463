/**
 * Off-chain demo data, posted to the local gateway through its public HTTP API exactly as the app would,
 * with real owner signatures (the gateway verifies them):
 *
 *  Team Safe queue (on-chain nonce 3):
 *   - nonce 3: send 0.5 ETH to account 3, proposed and signed by owner 0 (1 of 2)
 *   - nonce 4: two conflicting proposals: 100 DVT to account 4 (owner 1) and an on-chain rejection (owner 2)
 *   - nonce 5: send NFT #2 to account 3, proposed through a Safe app by owner 0, signed by owners 0 and 2
 *  Team Safe messages:
 *   - a plain-text message signed by owner 1 only (NEEDS_CONFIRMATION)
 *   - an EIP-712 typed-data message signed by owners 0 and 2 (CONFIRMED)
 */
import { encodeFunctionData, parseEther, parseUnits, type Address, type Hash, type TypedDataDefinition } from 'viem';
import {
  DEVNET_ACCOUNTS,
  buildSafeTx,
  erc20Abi,
  erc721Abi,
  safeMessageHash,
  safeTxHash,
  signSafeMessage,
  signSafeTx,
  type DevnetAccount,
  type SafeMessageContent,
  type SafeTx,
} from '../chain/index.ts';
import type { DemoChain } from './chain.ts';

export interface DemoQueuedTx {
  readonly nonce: number;
  readonly safeTxHash: Hash;
  readonly description: string;
  readonly signers: Address[];
}

export interface DemoMessage {
  readonly messageHash: Hash;
  readonly description: string;
  readonly signers: Address[];
}

export interface DemoOffchain {
  readonly queue: DemoQueuedTx[];
  readonly messages: DemoMessage[];
}

const acct = (i: number): DevnetAccount => {
  const a = DEVNET_ACCOUNTS[i];
  if (!a) throw new Error(`no account ${i}`);
  return a;
};

async function post(gatewayUrl: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${gatewayUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} → ${res.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

export const DEMO_TEXT_MESSAGE = 'Welcome to Countersign! Please confirm that this Safe approves the devnet terms.';

export const DEMO_TYPED_MESSAGE = {
  domain: { name: 'Countersign Devnet Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Team Safe', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob! The quarterly budget is approved.',
  },
} as const;

function typedMessageFor(chainId: number): TypedDataDefinition {
  return { ...DEMO_TYPED_MESSAGE, domain: { ...DEMO_TYPED_MESSAGE.domain, chainId } } as TypedDataDefinition;
}

/** Proposes a SafeTx to the gateway with the proposer's signature, then each cosigner's confirmation. */
export async function proposeSafeTx(
  gatewayUrl: string,
  chainId: number,
  safe: Address,
  tx: SafeTx,
  proposer: Pick<DevnetAccount, 'address' | 'privateKey'>,
  cosigners: Pick<DevnetAccount, 'address' | 'privateKey'>[] = [],
  origin: string | null = null,
): Promise<Omit<DemoQueuedTx, 'description'>> {
  const hash = safeTxHash(chainId, safe, tx);
  await post(gatewayUrl, `/v1/chains/${chainId}/transactions/${safe}/propose`, {
    to: tx.to,
    value: tx.value.toString(),
    data: tx.data === '0x' ? null : tx.data,
    nonce: tx.nonce.toString(),
    operation: tx.operation,
    safeTxGas: tx.safeTxGas.toString(),
    baseGas: tx.baseGas.toString(),
    gasPrice: tx.gasPrice.toString(),
    gasToken: tx.gasToken,
    refundReceiver: tx.refundReceiver,
    safeTxHash: hash,
    sender: proposer.address,
    signature: await signSafeTx(chainId, safe, tx, proposer.privateKey),
    origin,
  });
  for (const c of cosigners) {
    await post(gatewayUrl, `/v1/chains/${chainId}/transactions/${hash}/confirmations`, { signature: await signSafeTx(chainId, safe, tx, c.privateKey) });
  }
  return { nonce: Number(tx.nonce), safeTxHash: hash, signers: [proposer, ...cosigners].map((a) => a.address) };
}

export async function seedGateway(gatewayUrl: string, demo: DemoChain): Promise<DemoOffchain> {
  const { chainId } = demo;
  const safe = demo.safes.team.address;
  const next = BigInt(demo.safes.team.nonce);
  const [a0, a1, a2, a3, a4] = [acct(0), acct(1), acct(2), acct(3), acct(4)];

  const propose = async (tx: SafeTx, proposer: DevnetAccount, cosigners: DevnetAccount[], description: string, origin: string | null = null): Promise<DemoQueuedTx> => ({
    ...(await proposeSafeTx(gatewayUrl, chainId, safe, tx, proposer, cosigners, origin)),
    description,
  });

  const message = async (content: SafeMessageContent, signers: DevnetAccount[], description: string): Promise<DemoMessage> => {
    const [first, ...rest] = signers;
    if (!first) throw new Error('message needs a signer');
    const hash = safeMessageHash(chainId, safe, content);
    await post(gatewayUrl, `/v1/chains/${chainId}/safes/${safe}/messages`, {
      message: content,
      safeAppId: null,
      signature: await signSafeMessage(chainId, safe, content, first.privateKey),
      origin: null,
    });
    for (const s of rest) {
      await post(gatewayUrl, `/v1/chains/${chainId}/messages/${hash}/signatures`, { signature: await signSafeMessage(chainId, safe, content, s.privateKey) });
    }
    return { messageHash: hash, description, signers: signers.map((a) => a.address) };
  };

  const queue: DemoQueuedTx[] = [];
  queue.push(await propose(buildSafeTx({ to: a3.address, value: parseEther('0.5'), nonce: next }), a0, [], 'Send 0.5 ETH to account 3 (1 of 2 signatures)'));
  queue.push(
    await propose(
      buildSafeTx({
        to: demo.tokens.dvt.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a4.address, parseUnits('100', demo.tokens.dvt.decimals)] }),
        nonce: next + 1n,
      }),
      a1,
      [],
      'Send 100 DVT to account 4 (conflicts with the rejection at the same nonce)',
    ),
  );
  queue.push(await propose(buildSafeTx({ to: safe, nonce: next + 1n }), a2, [], 'On-chain rejection (conflicts with the DVT transfer)'));
  queue.push(
    await propose(
      buildSafeTx({
        to: demo.tokens.nft.address,
        data: encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [safe, a3.address, 2n] }),
        nonce: next + 2n,
      }),
      a0,
      [a2],
      'Send NFT #2 to account 3 (2 of 2 signatures, waits for the earlier nonces)',
      JSON.stringify({ url: 'https://apps-portal.safe.global/tx-builder', name: 'Transaction Builder' }),
    ),
  );

  const messages: DemoMessage[] = [];
  messages.push(await message(DEMO_TEXT_MESSAGE, [a1], 'Plain-text message, 1 of 2 signatures (NEEDS_CONFIRMATION)'));
  messages.push(await message(typedMessageFor(chainId), [a0, a2], 'EIP-712 message, 2 of 2 signatures (CONFIRMED)'));

  return { queue, messages };
}
