/**
 * Safe's Allowance module (AllowanceModule 0.1.1, the release @safe-global/safe-modules-deployments lists): its
 * address per chain, ABI, calldata encoders and the transfer hash a delegate signs. Pure (viem's encoding and
 * hashing only, no client): the spending-limits screens and the devnet (devnet/chain/allowance.ts) share it.
 *
 * How the module works: a Safe enables it (Safe transaction `enableModule(module)`), then through Safe transactions
 * calling the module adds a delegate (`addDelegate`) and gives that delegate an allowance per token
 * (`setAllowance`: amount in the token's smallest unit, reset period in minutes, 0 for a one-time allowance). The
 * delegate spends with `executeAllowanceTransfer`, sent by anyone, carrying the delegate's signature over
 * `generateTransferHash(…, nonce)`, where nonce is the allowance's current nonce (getTokenAllowance()[4]). The
 * module keeps its state per msg.sender, so the management calls only work as transactions of the Safe itself.
 */
import { decodeFunctionData, encodeFunctionData, formatUnits, hashTypedData, parseAbi, zeroAddress, type Address, type Hash, type Hex, type TypedDataDefinition } from 'viem';

export const ALLOWANCE_MODULE_VERSION = '0.1.1';
/** Where AllowanceModule 0.1.1 is: the one address, on every chain listed below (CREATE2, salt 0). */
export const ALLOWANCE_MODULE_ADDRESS: Address = '0xAA46724893dedD72658219405185Fb0Fc91e091C';

/**
 * The chains where @safe-global/safe-modules-deployments lists AllowanceModule 0.1.1 (a unit test compares the
 * list), plus the devnet (31337), which deploys it at the same address. Copied so the app does not need that
 * package at run time. Ethereum mainnet is not among them: 0.1.1 was not deployed there.
 */
export const ALLOWANCE_MODULE_CHAINS: readonly number[] = [
  10, 50, 51, 61, 63, 100, 130, 137, 143, 204, 288, 360, 677, 988, 999, 1672, 1874, 2201, 2818, 2910, 3338, 3637, 4217, 4326, 4663, 5042, 8217,
  8453, 9745, 10143, 11011, 16661, 25363, 28882, 36900, 42161, 42431, 43111, 46630, 56288, 80069, 80094, 81224, 88882, 88888, 102030, 560048,
  747474, 936485, 5042002, 5064014, 11142220, 13374202, 31337,
];

/** The module's address on a chain, or null where it is not deployed (no spending limits there). */
export function allowanceModuleAddress(chainId: number | bigint | string): Address | null {
  return ALLOWANCE_MODULE_CHAINS.includes(Number(chainId)) ? ALLOWANCE_MODULE_ADDRESS : null;
}

/** The ABI of AllowanceModule 0.1.1 as written in its source (a unit test compares it with the deployments package's). */
export const allowanceModuleAbi = parseAbi([
  'event AddDelegate(address indexed safe, address delegate)',
  'event RemoveDelegate(address indexed safe, address delegate)',
  'event ExecuteAllowanceTransfer(address indexed safe, address delegate, address token, address to, uint96 value, uint16 nonce)',
  'event PayAllowanceTransfer(address indexed safe, address delegate, address paymentToken, address paymentReceiver, uint96 payment)',
  'event SetAllowance(address indexed safe, address delegate, address token, uint96 allowanceAmount, uint16 resetTime)',
  'event ResetAllowance(address indexed safe, address delegate, address token)',
  'event DeleteAllowance(address indexed safe, address delegate, address token)',
  'function NAME() view returns (string)',
  'function VERSION() view returns (string)',
  'function addDelegate(address delegate)',
  'function removeDelegate(address delegate, bool removeAllowances)',
  'function setAllowance(address delegate, address token, uint96 allowanceAmount, uint16 resetTimeMin, uint32 resetBaseMin)',
  'function resetAllowance(address delegate, address token)',
  'function deleteAllowance(address delegate, address token)',
  'function getTokenAllowance(address safe, address delegate, address token) view returns (uint256[5])',
  'function getDelegates(address safe, uint48 start, uint8 pageSize) view returns (address[] results, uint48 next)',
  'function getTokens(address safe, address delegate) view returns (address[])',
  'function executeAllowanceTransfer(address safe, address token, address to, uint96 amount, address paymentToken, uint96 payment, address delegate, bytes signature)',
  'function generateTransferHash(address safe, address token, address to, uint96 amount, address paymentToken, uint96 payment, uint16 nonce) view returns (bytes32)',
]);

/** Largest allowance amount (uint96) and reset period in minutes (uint16, about 45 days). */
export const MAX_ALLOWANCE_AMOUNT = (1n << 96n) - 1n;
export const MAX_RESET_TIME_MIN = 0xffff;

/** Token address the module uses for the chain's native currency (ETH). */
export const NATIVE_TOKEN: Address = zeroAddress;

export function encodeAddDelegate(delegate: Address): Hex {
  return encodeFunctionData({ abi: allowanceModuleAbi, functionName: 'addDelegate', args: [delegate] });
}

/** removeAllowances: zero the delegate's allowances too (true unless that runs out of gas; then deleteAllowance each). */
export function encodeRemoveDelegate(delegate: Address, removeAllowances = true): Hex {
  return encodeFunctionData({ abi: allowanceModuleAbi, functionName: 'removeDelegate', args: [delegate, removeAllowances] });
}

export interface SetAllowanceParams {
  delegate: Address;
  /** The ERC-20, or NATIVE_TOKEN for ETH. */
  token: Address;
  /** In the token's smallest unit; at most MAX_ALLOWANCE_AMOUNT. */
  amount: bigint;
  /** Reset period in minutes (1440 = daily); 0 for a one-time allowance. */
  resetTimeMin: number;
  /** Minute (unix time / 60) the periods are counted from; 0 (default) for "now" (kept on later updates). */
  resetBaseMin?: number;
}

export function encodeSetAllowance(p: SetAllowanceParams): Hex {
  if (p.amount < 0n || p.amount > MAX_ALLOWANCE_AMOUNT) throw new RangeError(`allowance amount ${p.amount} does not fit in uint96`);
  if (!Number.isInteger(p.resetTimeMin) || p.resetTimeMin < 0 || p.resetTimeMin > MAX_RESET_TIME_MIN) throw new RangeError(`reset period ${p.resetTimeMin} min does not fit in uint16`);
  return encodeFunctionData({ abi: allowanceModuleAbi, functionName: 'setAllowance', args: [p.delegate, p.token, p.amount, p.resetTimeMin, p.resetBaseMin ?? 0] });
}

/** Sets the spent amount back to 0 (the period is kept). */
export function encodeResetAllowance(delegate: Address, token: Address): Hex {
  return encodeFunctionData({ abi: allowanceModuleAbi, functionName: 'resetAllowance', args: [delegate, token] });
}

/** Zeroes amount, spent and period (the nonce is kept, so old signatures stay void). */
export function encodeDeleteAllowance(delegate: Address, token: Address): Hex {
  return encodeFunctionData({ abi: allowanceModuleAbi, functionName: 'deleteAllowance', args: [delegate, token] });
}

/** One allowance as getTokenAllowance returns it ([amount, spent, resetTimeMin, lastResetMin, nonce]). */
export interface TokenAllowance {
  amount: bigint;
  spent: bigint;
  resetTimeMin: number;
  /** Start (unix minutes) of the current period. */
  lastResetMin: number;
  /** Nonce the next transfer must be signed with; 0 until an allowance was ever set for this token. */
  nonce: number;
}

export function decodeTokenAllowance(raw: readonly [bigint, bigint, bigint, bigint, bigint] | readonly bigint[]): TokenAllowance {
  const [amount = 0n, spent = 0n, resetTimeMin = 0n, lastResetMin = 0n, nonce = 0n] = raw;
  return { amount, spent, resetTimeMin: Number(resetTimeMin), lastResetMin: Number(lastResetMin), nonce: Number(nonce) };
}

/** A transfer from a Safe's allowance (paymentToken/payment: an optional fee to tx.origin, also from the allowance). */
export interface AllowanceTransfer {
  safe: Address;
  token: Address;
  to: Address;
  amount: bigint;
  paymentToken?: Address;
  payment?: bigint;
  /** The allowance's current nonce (TokenAllowance.nonce). */
  nonce: number;
}

export const ALLOWANCE_TRANSFER_TYPES = {
  AllowanceTransfer: [
    { name: 'safe', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'uint96' },
    { name: 'paymentToken', type: 'address' },
    { name: 'payment', type: 'uint96' },
    { name: 'nonce', type: 'uint16' },
  ],
} as const;

/**
 * The EIP-712 typed data a delegate signs (domain: chainId + the module's address). Module 0.1.1 uses the right
 * typehash (0.1.0's was wrong, so wallets' eth_signTypedData did not match there); its digest is what
 * generateTransferHash returns, and the module also takes a plain ECDSA signature of that digest.
 */
export function allowanceTransferTypedData(chainId: number, module: Address, t: AllowanceTransfer): TypedDataDefinition<typeof ALLOWANCE_TRANSFER_TYPES, 'AllowanceTransfer'> {
  return {
    domain: { chainId, verifyingContract: module },
    types: ALLOWANCE_TRANSFER_TYPES,
    primaryType: 'AllowanceTransfer',
    message: { safe: t.safe, token: t.token, to: t.to, amount: t.amount, paymentToken: t.paymentToken ?? zeroAddress, payment: t.payment ?? 0n, nonce: t.nonce },
  };
}

/** Equals the module's generateTransferHash(safe, token, to, amount, paymentToken, payment, nonce). */
export function allowanceTransferHash(chainId: number, module: Address, t: AllowanceTransfer): Hash {
  return hashTypedData(allowanceTransferTypedData(chainId, module, t));
}

export function encodeExecuteAllowanceTransfer(t: AllowanceTransfer & { delegate: Address; signature: Hex }): Hex {
  return encodeFunctionData({
    abi: allowanceModuleAbi,
    functionName: 'executeAllowanceTransfer',
    args: [t.safe, t.token, t.to, t.amount, t.paymentToken ?? zeroAddress, t.payment ?? 0n, t.delegate, t.signature],
  });
}

/** executeAllowanceTransfer's arguments (the nonce is not among them: the module uses the allowance's current one). */
export interface DecodedAllowanceTransfer {
  safe: Address;
  token: Address;
  to: Address;
  amount: bigint;
  paymentToken: Address;
  payment: bigint;
  delegate: Address;
  signature: Hex;
}

/** The arguments of an executeAllowanceTransfer call, decoded locally; null when `data` is not exactly such a call. */
export function decodeExecuteAllowanceTransfer(data: Hex): DecodedAllowanceTransfer | null {
  try {
    const decoded = decodeFunctionData({ abi: allowanceModuleAbi, data });
    if (decoded.functionName !== 'executeAllowanceTransfer') return null;
    const [safe, token, to, amount, paymentToken, payment, delegate, signature] = decoded.args;
    const reencoded = encodeExecuteAllowanceTransfer({ safe, token, to, amount, paymentToken, payment, delegate, signature, nonce: 0 });
    if (reencoded.toLowerCase() !== data.toLowerCase()) return null;
    return { safe, token, to, amount, paymentToken, payment, delegate, signature };
  } catch {
    return null;
  }
}

// ───────────── spending limits as the settings screen shows them (read on chain, never from the gateway) ─────────────

/** One token's allowance of one beneficiary, as plain JSON (amounts in base units, as decimal strings). */
export interface SpendingLimit {
  token: Address;
  /** From the token contract on chain (the chain's native coin for NATIVE_TOKEN); null when it does not answer. */
  symbol: string | null;
  decimals: number | null;
  amount: string;
  spent: string;
  /** Minutes; 0 for a one-time allowance. */
  resetTimeMin: number;
  lastResetMin: number;
  nonce: number;
}

/** A delegate of the module for this Safe, with its allowances (a token whose allowance was deleted is left out). */
export interface Beneficiary {
  address: Address;
  limits: SpendingLimit[];
}

export interface SpendingLimitsState {
  /** The module's address on this chain; null where it is not deployed (no spending limits there). */
  module: Address | null;
  /** The Safe has enabled the module (isModuleEnabled on chain). */
  enabled: boolean;
  beneficiaries: Beneficiary[];
}

/** The reset periods the form offers, in minutes (monthly is 30 days: the module counts minutes, not months). */
export const RESET_PERIODS = { oneTime: 0, daily: 1440, weekly: 10_080, monthly: 43_200 } as const;
export type ResetPeriod = keyof typeof RESET_PERIODS;

/** "per day", "per week", "per 30 days", "one time", or "per 90 minutes". */
export function resetPeriodText(resetTimeMin: number): string {
  if (resetTimeMin === 0) return 'one time';
  if (resetTimeMin === RESET_PERIODS.daily) return 'per day';
  if (resetTimeMin === RESET_PERIODS.weekly) return 'per week';
  if (resetTimeMin === RESET_PERIODS.monthly) return 'per 30 days';
  if (resetTimeMin % 1440 === 0) return `per ${resetTimeMin / 1440} days`;
  return `per ${resetTimeMin} minutes`;
}

const units = (value: string, limit: SpendingLimit): string => {
  const v = BigInt(value);
  return limit.decimals === null ? `${v} base units` : formatUnits(v, limit.decimals);
};

/** When the spent amount goes back to 0 (unix ms), or null for a one-time allowance. */
export function nextResetMs(limit: SpendingLimit): number | null {
  return limit.resetTimeMin === 0 ? null : (limit.lastResetMin + limit.resetTimeMin) * 60_000;
}

/** A UTC date and minute: "2026-12-01 05:20 UTC". */
export const utcMinuteText = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** "100 dUSD per day, 60 spent, 40 left, resets 2026-12-01 05:20 UTC"; "… one time, 60 spent, 40 left" without reset. */
export function spendingLimitText(limit: SpendingLimit): string {
  const symbol = limit.symbol ?? `of token ${limit.token}`;
  const amount = BigInt(limit.amount);
  const spent = BigInt(limit.spent);
  const left = amount > spent ? amount - spent : 0n;
  const reset = nextResetMs(limit);
  const parts = [
    `${units(limit.amount, limit)} ${symbol} ${resetPeriodText(limit.resetTimeMin)}`,
    `${units(spent.toString(), limit)} spent`,
    `${units(left.toString(), limit)} left`,
    ...(reset === null ? [] : [`resets ${utcMinuteText(reset)}`]),
  ];
  return parts.join(', ');
}

// ───────────── the calls an owner's change of a limit is made of (one Safe transaction, a batch) ─────────────

const enableModuleAbi = parseAbi(['function enableModule(address module)']);

/** A call of the Safe (operation CALL, no value). */
export interface AllowanceCall {
  to: Address;
  data: Hex;
}

export interface SetLimitParams {
  safe: Address;
  module: Address;
  /** The Safe has enabled the module already. */
  enabled: boolean;
  /** The beneficiary is already one of the module's delegates for this Safe. */
  isDelegate: boolean;
  beneficiary: Address;
  token: Address;
  /** In the token's smallest unit. */
  amount: bigint;
  resetTimeMin: number;
  /** Minute the periods count from; 0 (the module's "now"). */
  resetBaseMin?: number;
}

/**
 * Setting a limit: enableModule(module) on the Safe itself when it is not enabled, addDelegate(beneficiary) when
 * it is not a delegate yet, then setAllowance (which also replaces an existing limit for the token).
 */
export function setLimitCalls(p: SetLimitParams): AllowanceCall[] {
  const calls: AllowanceCall[] = [];
  if (!p.enabled) calls.push({ to: p.safe, data: encodeFunctionData({ abi: enableModuleAbi, functionName: 'enableModule', args: [p.module] }) });
  if (!p.isDelegate) calls.push({ to: p.module, data: encodeAddDelegate(p.beneficiary) });
  calls.push({
    to: p.module,
    data: encodeSetAllowance({ delegate: p.beneficiary, token: p.token, amount: p.amount, resetTimeMin: p.resetTimeMin, ...(p.resetBaseMin === undefined ? {} : { resetBaseMin: p.resetBaseMin }) }),
  });
  return calls;
}

/**
 * Removing a limit: deleteAllowance(beneficiary, token), and removeDelegate(beneficiary) when it was the
 * beneficiary's last limit (the module keeps a delegate with no allowance listed otherwise).
 */
export function removeLimitCalls(p: { module: Address; beneficiary: Address; token: Address; lastLimit: boolean }): AllowanceCall[] {
  const calls: AllowanceCall[] = [{ to: p.module, data: encodeDeleteAllowance(p.beneficiary, p.token) }];
  if (p.lastLimit) calls.push({ to: p.module, data: encodeRemoveDelegate(p.beneficiary, true) });
  return calls;
}

/** The module's methods an owner's transaction calls (the review names them from the bytes). */
export const ALLOWANCE_MANAGEMENT_METHODS = ['addDelegate', 'removeDelegate', 'setAllowance', 'resetAllowance', 'deleteAllowance'] as const;
