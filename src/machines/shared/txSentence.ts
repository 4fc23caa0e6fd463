/**
 * One plain sentence per call, built only from the local description of the bytes (txDescription.ts) and token
 * facts read on chain: "Send 0.5 ETH to 0x90F7…b906", "Approve 0x… to spend unlimited USDC", "Remove signer 0x…,
 * keep 2 of 3". The signing screens open with it; the gateway's own text is never used as a title.
 */
import type { Address, CallEffect, DescribedCall, TokenMeta, TxDescription, VerifiedDecoding } from '../../domain/safe/txDescription.ts';
import { resetPeriodText } from '../../domain/safe/allowance.ts';

export interface SentenceFacts {
  safe: { address: Address; threshold: number; ownerCount: number };
  native: TokenMeta;
  tokens: Record<string, TokenMeta>;
  /**
   * The signer's own name for an address (their address book), or null. Names come only from the signer's device,
   * never from the gateway, and the short address is always said beside the name: "Alice (0x90F7…b906)".
   */
  nameOf?: ((address: string) => string | null | undefined) | undefined;
}

const shortOnly = (a: string): string => (a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

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

/**
 * An address as a sentence says it: "the Safe" for the Safe itself, "Alice (0x90F7…b906)" with an address-book
 * name, else "0x90F7…b906".
 */
function who(address: string, facts: Pick<SentenceFacts, 'nameOf' | 'safe'>): string {
  if (address.toLowerCase() === facts.safe.address.toLowerCase()) return 'the Safe';
  const name = facts.nameOf?.(address)?.trim();
  return name ? `${name} (${shortOnly(address)})` : shortOnly(address);
}

function tokenAmount(amount: string, token: Address, facts: SentenceFacts): string {
  const meta = facts.tokens[token.toLowerCase()];
  return meta ? `${formatAmount(amount, meta.decimals)} ${meta.symbol}` : `${amount} base units of token ${who(token, facts)}`;
}

function settingsSentence(effect: Extract<CallEffect, { kind: 'settings' }>['change'], facts: SentenceFacts): string {
  const n = facts.safe.ownerCount;
  switch (effect.type) {
    case 'addOwner':
      return `Add signer ${who(effect.owner, facts)}, then ${effect.threshold} of ${n + 1} must confirm`;
    case 'removeOwner':
      return `Remove signer ${who(effect.owner, facts)}, then ${effect.threshold} of ${Math.max(0, n - 1)} must confirm`;
    case 'swapOwner':
      return `Replace signer ${who(effect.oldOwner, facts)} with ${who(effect.newOwner, facts)}`;
    case 'changeThreshold':
      return `Change the threshold to ${effect.threshold} of ${n}`;
    case 'enableModule':
      return `Enable module ${who(effect.module, facts)} — it can move funds without the signers`;
    case 'disableModule':
      return `Disable module ${who(effect.module, facts)}`;
    case 'setGuard':
      return /^0x0{40}$/i.test(effect.guard) ? 'Remove the transaction guard' : `Set the transaction guard to ${who(effect.guard, facts)}`;
    case 'setModuleGuard':
      return /^0x0{40}$/i.test(effect.guard) ? 'Remove the module guard' : `Set the module guard to ${who(effect.guard, facts)}`;
    case 'setFallbackHandler':
      return `Set the fallback handler to ${who(effect.handler, facts)}`;
    case 'changeMasterCopy':
      return `Change the Safe's implementation to ${who(effect.implementation, facts)}`;
  }
}

/**
 * A call of Safe's Allowance module the describer decoded locally (describe.ts, checked against the bytes):
 * "Set Bob (0x90F7…b906)'s spending limit to 100 dUSD per day". Null for any other decoding.
 */
function allowanceSentence(decoded: VerifiedDecoding, facts: SentenceFacts): string | null {
  if (decoded.source !== 'local') return null;
  const arg = (name: string) => decoded.parameters.find((p) => p.name === name)?.value ?? '';
  const delegate = arg('delegate');
  const token = arg('token');
  const symbol = () => (/^0x0{40}$/i.test(token) ? facts.native.symbol : (facts.tokens[token.toLowerCase()]?.symbol ?? `token ${who(token, facts)}`));
  switch (decoded.method) {
    case 'addDelegate':
      return `Add ${who(delegate, facts)} as a spending-limit beneficiary`;
    case 'removeDelegate':
      return `Remove ${who(delegate, facts)} as a spending-limit beneficiary${arg('removeAllowances') === 'true' ? ', with all its limits' : ''}`;
    case 'setAllowance': {
      const amount = arg('allowanceAmount');
      const what = /^0x0{40}$/i.test(token) ? `${formatAmount(amount, facts.native.decimals)} ${facts.native.symbol}` : tokenAmount(amount, token as Address, facts);
      return `Set ${who(delegate, facts)}'s spending limit to ${what} ${resetPeriodText(Number(arg('resetTimeMin')))}`;
    }
    case 'resetAllowance':
      return `Reset what ${who(delegate, facts)} has spent of its ${symbol()} spending limit`;
    case 'deleteAllowance':
      return `Remove ${who(delegate, facts)}'s spending limit of ${symbol()}`;
    default:
      return null;
  }
}

/** The sentence for one described call. */
export function callSentence(call: DescribedCall, facts: SentenceFacts): string {
  const e = call.effect;
  const withValue = (text: string) => (call.value !== '0' ? `${text}, sending ${formatAmount(call.value, facts.native.decimals)} ${facts.native.symbol}` : text);
  switch (e.kind) {
    case 'empty':
      return `Empty call to ${who(call.to, facts)}`;
    case 'rejection':
      return 'On-chain rejection: an empty transaction of the Safe to itself';
    case 'nativeTransfer':
      return `Send ${formatAmount(e.amount, facts.native.decimals)} ${facts.native.symbol} to ${who(e.to, facts)}`;
    case 'tokenTransfer':
      return e.from === null
        ? `Send ${tokenAmount(e.amount, e.token, facts)} to ${who(e.to, facts)}`
        : `Move ${facts.tokens[e.token.toLowerCase()] ? tokenAmount(e.amount, e.token, facts) : `#${e.amount} of ${who(e.token, facts)} (an NFT id, or base units)`} from ${who(e.from, facts)} to ${who(e.to, facts)}`;
    case 'tokenApproval': {
      const meta = facts.tokens[e.token.toLowerCase()];
      const what = e.unlimited ? `unlimited ${meta?.symbol ?? `token ${who(e.token, facts)}`}` : tokenAmount(e.amount, e.token, facts);
      return e.amount === '0' ? `Revoke ${who(e.spender, facts)}'s allowance of ${meta?.symbol ?? `token ${who(e.token, facts)}`}` : `Approve ${who(e.spender, facts)} to spend ${what}`;
    }
    case 'nftTransfer':
      return `Send ${e.standard === 'ERC1155' ? `${e.amount} × ` : ''}NFT #${e.tokenId} of ${who(e.token, facts)} from ${who(e.from, facts)} to ${who(e.to, facts)}`;
    case 'nftApprovalForAll':
      return e.approved ? `Allow ${who(e.operator, facts)} to move every NFT of ${who(e.token, facts)}` : `Revoke ${who(e.operator, facts)}'s approval for every NFT of ${who(e.token, facts)}`;
    case 'settings':
      return settingsSentence(e.change, facts);
    case 'batch':
      return `Batch of ${e.calls.length} call${e.calls.length === 1 ? '' : 's'}`;
    case 'signMessage':
      return `Sign message ${shortOnly(e.messageHash)} on chain (SignMessageLib)`;
    case 'migration':
      return e.singleton ? `Migrate the Safe's implementation to ${who(e.singleton, facts)} (${e.library})` : `Migrate the Safe's implementation (${e.library}.${e.method})`;
    case 'contractCall': {
      const limit = e.decoded && call.operation === 0 && call.value === '0' ? allowanceSentence(e.decoded, facts) : null;
      if (limit) return limit;
      const what = e.decoded ? `${e.decoded.method}` : `function ${e.selector} (not decoded)`;
      return withValue(call.operation === 1 ? `DELEGATECALL ${what} on ${who(call.to, facts)}: it runs with the Safe's own storage` : `Call ${what} on ${who(call.to, facts)}`);
    }
    case 'undecodable':
      return `Undecodable call to ${who(call.to, facts)}: ${e.reason}`;
  }
}

/** The review's opening sentence: the call's, or "Reject transaction #7" for an on-chain rejection. */
export function txSentence(description: TxDescription, facts: Omit<SentenceFacts, 'native' | 'tokens'>, nonce: string): string {
  const full: SentenceFacts = { ...facts, native: description.native, tokens: description.tokens };
  if (description.call.effect.kind === 'rejection') return `Reject transaction #${nonce}`;
  return callSentence(description.call, full);
}

/** An address the transaction names, and its part in it. */
export interface Party {
  role: string;
  address: Address;
}

/**
 * Every address the call (and, for a batch, each of its calls) names, in order of appearance, once each, without
 * the Safe itself: what the signer checks against their own records before signing.
 */
export function partiesOf(call: DescribedCall, safe: Address): Party[] {
  const out: Party[] = [];
  const add = (role: string, address: Address | null | undefined) => {
    if (!address || address.toLowerCase() === safe.toLowerCase() || /^0x0{40}$/i.test(address)) return;
    if (!out.some((p) => p.address.toLowerCase() === address.toLowerCase())) out.push({ role, address });
  };
  const visit = (c: DescribedCall) => {
    const e = c.effect;
    switch (e.kind) {
      case 'nativeTransfer':
        return add('Recipient', e.to);
      case 'tokenTransfer':
      case 'nftTransfer':
        add('Recipient', e.to);
        add('Sender', e.from);
        return add(e.kind === 'nftTransfer' ? 'Collection' : 'Token', e.token);
      case 'tokenApproval':
        add('Spender', e.spender);
        return add('Token', e.token);
      case 'nftApprovalForAll':
        add('Operator', e.operator);
        return add('Collection', e.token);
      case 'settings': {
        const s = e.change;
        if (s.type === 'addOwner' || s.type === 'removeOwner') return add('Signer', s.owner);
        if (s.type === 'swapOwner') {
          add('New signer', s.newOwner);
          return add('Signer removed', s.oldOwner);
        }
        if (s.type === 'enableModule' || s.type === 'disableModule') return add('Module', s.module);
        if (s.type === 'setGuard' || s.type === 'setModuleGuard') return add('Guard', s.guard);
        if (s.type === 'setFallbackHandler') return add('Fallback handler', s.handler);
        if (s.type === 'changeMasterCopy') return add('Implementation', s.implementation);
        return;
      }
      case 'batch':
        return e.calls.forEach(visit);
      case 'migration':
        add('Library', c.to);
        return add('Implementation', e.singleton);
      case 'signMessage':
        return add('Library', c.to);
      case 'contractCall':
      case 'undecodable':
        return add(c.operation === 1 ? 'DELEGATECALL target' : 'Contract', c.to);
      case 'empty':
        return add('Called address', c.to);
      case 'rejection':
        return;
    }
  };
  visit(call);
  return out;
}
