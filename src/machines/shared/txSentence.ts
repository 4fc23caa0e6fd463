/**
 * One plain sentence per call, built only from the local description of the bytes (txDescription.ts) and token
 * facts read on chain: "Send 0.5 ETH to 0x90F7…b906", "Approve 0x… to spend unlimited USDC", "Remove signer 0x…,
 * keep 2 of 3". The signing screens open with it; the gateway's own text is never used as a title.
 */
import type { Address, CallEffect, DescribedCall, TokenMeta, TxDescription } from './txDescription.ts';

export interface SentenceFacts {
  safe: { address: Address; threshold: number; ownerCount: number };
  native: TokenMeta;
  tokens: Record<string, TokenMeta>;
}

const short = (a: string) => (a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/** Base units as a decimal in token units, without rounding ("1500000", 6 → "1.5"). */
export function formatAmount(amount: string, decimals: number): string {
  let value: bigint;
  try {
    value = BigInt(amount);
  } catch {
    return amount;
  }
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(Math.max(0, Math.min(decimals, 77)));
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole.toString()}${fraction ? `.${fraction}` : ''}`;
}

function tokenAmount(amount: string, token: Address, facts: SentenceFacts): string {
  const meta = facts.tokens[token.toLowerCase()];
  return meta ? `${formatAmount(amount, meta.decimals)} ${meta.symbol}` : `${amount} base units of token ${short(token)}`;
}

function settingsSentence(effect: Extract<CallEffect, { kind: 'settings' }>['change'], facts: SentenceFacts): string {
  const n = facts.safe.ownerCount;
  switch (effect.type) {
    case 'addOwner':
      return `Add signer ${short(effect.owner)}, then ${effect.threshold} of ${n + 1} must confirm`;
    case 'removeOwner':
      return `Remove signer ${short(effect.owner)}, then ${effect.threshold} of ${Math.max(0, n - 1)} must confirm`;
    case 'swapOwner':
      return `Replace signer ${short(effect.oldOwner)} with ${short(effect.newOwner)}`;
    case 'changeThreshold':
      return `Change the threshold to ${effect.threshold} of ${n}`;
    case 'enableModule':
      return `Enable module ${short(effect.module)} — it can move funds without the signers`;
    case 'disableModule':
      return `Disable module ${short(effect.module)}`;
    case 'setGuard':
      return /^0x0{40}$/i.test(effect.guard) ? 'Remove the transaction guard' : `Set the transaction guard to ${short(effect.guard)}`;
    case 'setModuleGuard':
      return /^0x0{40}$/i.test(effect.guard) ? 'Remove the module guard' : `Set the module guard to ${short(effect.guard)}`;
    case 'setFallbackHandler':
      return `Set the fallback handler to ${short(effect.handler)}`;
    case 'changeMasterCopy':
      return `Change the Safe's implementation to ${short(effect.implementation)}`;
  }
}

/** The sentence for one described call. */
export function callSentence(call: DescribedCall, facts: SentenceFacts): string {
  const e = call.effect;
  const withValue = (text: string) => (call.value !== '0' ? `${text}, sending ${formatAmount(call.value, facts.native.decimals)} ${facts.native.symbol}` : text);
  switch (e.kind) {
    case 'empty':
      return `Empty call to ${short(call.to)}`;
    case 'rejection':
      return 'On-chain rejection: an empty transaction of the Safe to itself';
    case 'nativeTransfer':
      return `Send ${formatAmount(e.amount, facts.native.decimals)} ${facts.native.symbol} to ${short(e.to)}`;
    case 'tokenTransfer':
      return e.from === null
        ? `Send ${tokenAmount(e.amount, e.token, facts)} to ${short(e.to)}`
        : `Move ${facts.tokens[e.token.toLowerCase()] ? tokenAmount(e.amount, e.token, facts) : `#${e.amount} of ${short(e.token)} (an NFT id, or base units)`} from ${short(e.from)} to ${short(e.to)}`;
    case 'tokenApproval': {
      const meta = facts.tokens[e.token.toLowerCase()];
      const what = e.unlimited ? `unlimited ${meta?.symbol ?? `token ${short(e.token)}`}` : tokenAmount(e.amount, e.token, facts);
      return e.amount === '0' ? `Revoke ${short(e.spender)}'s allowance of ${meta?.symbol ?? `token ${short(e.token)}`}` : `Approve ${short(e.spender)} to spend ${what}`;
    }
    case 'nftTransfer':
      return `Send ${e.standard === 'ERC1155' ? `${e.amount} × ` : ''}NFT #${e.tokenId} of ${short(e.token)} from ${short(e.from)} to ${short(e.to)}`;
    case 'nftApprovalForAll':
      return e.approved ? `Allow ${short(e.operator)} to move every NFT of ${short(e.token)}` : `Revoke ${short(e.operator)}'s approval for every NFT of ${short(e.token)}`;
    case 'settings':
      return settingsSentence(e.change, facts);
    case 'batch':
      return `Batch of ${e.calls.length} call${e.calls.length === 1 ? '' : 's'}`;
    case 'signMessage':
      return `Sign message ${short(e.messageHash)} on chain (SignMessageLib)`;
    case 'migration':
      return e.singleton ? `Migrate the Safe's implementation to ${short(e.singleton)} (${e.library})` : `Migrate the Safe's implementation (${e.library}.${e.method})`;
    case 'contractCall': {
      const what = e.decoded ? `${e.decoded.method}` : `function ${e.selector} (not decoded)`;
      return withValue(call.operation === 1 ? `DELEGATECALL ${what} on ${short(call.to)}: it runs with the Safe's own storage` : `Call ${what} on ${short(call.to)}`);
    }
    case 'undecodable':
      return `Undecodable call to ${short(call.to)}: ${e.reason}`;
  }
}

/** The review's opening sentence: the call's, with the nonce for an on-chain rejection. */
export function txSentence(description: TxDescription, facts: Omit<SentenceFacts, 'native' | 'tokens'>, nonce: string): string {
  const full: SentenceFacts = { ...facts, native: description.native, tokens: description.tokens };
  if (description.call.effect.kind === 'rejection') return `Reject transaction #${nonce}: an empty transaction that only uses up nonce ${nonce}`;
  return callSentence(description.call, full);
}
