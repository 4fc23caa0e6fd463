/**
 * Cross-checks what the gateway says about a transaction against the SafeTx built and hashed locally
 * (security property S3). Any mismatch must block signing. Fields the gateway describes in a way that
 * cannot be verified locally are listed separately (`unverified`), never silently accepted.
 */
import { decodeFunctionData, encodeAbiParameters, getAddress, hashMessage, hexToNumber, isAddress, isAddressEqual, recoverAddress, size, slice, toFunctionSelector, type Address, type Hex } from 'viem';
import type {
  ConfirmationView,
  DataDecoded,
  DataDecodedParameter,
  ParamValue,
  TransactionDetails,
  TxInfo,
  ValueDecodedTx,
} from '../gateway/types.ts';
import { erc20Abi, erc721Abi } from './abis.ts';
import { safeTxHash } from './hashing.ts';
import { decodeMultiSendCall, isMultiSendCall } from './multisend.ts';
import type { SafeContext, SafeTx } from './types.ts';

export interface Mismatch {
  /** Dotted path of the gateway field, e.g. `detailedExecutionInfo.nonce` or `txData.dataDecoded.parameters`. */
  field: string;
  local: string;
  gateway: string;
}

export interface CrossCheckResult {
  ok: boolean;
  mismatches: Mismatch[];
  /** Gateway descriptions that could not be verified locally (e.g. tuple parameters). */
  unverified: string[];
}

const result = (mismatches: Mismatch[], unverified: string[]): CrossCheckResult => ({ ok: mismatches.length === 0, mismatches, unverified });

const sameAddress = (a: string, b: string) => isAddress(a, { strict: false }) && isAddress(b, { strict: false }) && isAddressEqual(a as Address, b as Address);
const sameHex = (a: string | null | undefined, b: string | null | undefined) => (a ?? '0x').toLowerCase() === (b ?? '0x').toLowerCase();
const sameNumber = (local: bigint, gateway: string | number | null | undefined) => {
  try {
    return gateway !== null && gateway !== undefined && BigInt(gateway) === local;
  } catch {
    return false;
  }
};

// ───────────── decoded data ─────────────

function toAbiValue(type: string, value: ParamValue): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    if (!Array.isArray(value)) throw new Error(`expected an array for ${type}`);
    return value.map((item) => toAbiValue(array[1]!, item));
  }
  if (Array.isArray(value)) throw new Error(`unexpected array for ${type}`);
  if (/^u?int\d*$/.test(type)) return BigInt(value);
  if (type === 'bool') {
    if (value !== 'true' && value !== 'false') throw new Error(`bad bool ${value}`);
    return value === 'true';
  }
  return value;
}

/** Checks a gateway DataDecoded against the local calldata by re-encoding it. */
export function crossCheckDecodedData(localData: Hex, decoded: DataDecoded | null | undefined, field = 'dataDecoded'): CrossCheckResult {
  const mismatches: Mismatch[] = [];
  const unverified: string[] = [];
  if (!decoded) return result(mismatches, unverified);
  if (size(localData) < 4) {
    mismatches.push({ field: `${field}.method`, local: `no call data (${localData})`, gateway: decoded.method });
    return result(mismatches, unverified);
  }
  const parameters = decoded.parameters ?? [];
  if (parameters.some((p) => p.type.includes('tuple'))) {
    unverified.push(`${field}: ${decoded.method} has tuple parameters`);
    return result(mismatches, unverified);
  }
  const signature = `${decoded.method}(${parameters.map((p) => p.type).join(',')})`;
  let selector: Hex;
  try {
    selector = toFunctionSelector(signature);
  } catch {
    mismatches.push({ field: `${field}.method`, local: localData.slice(0, 10), gateway: signature });
    return result(mismatches, unverified);
  }
  if (!sameHex(selector, localData.slice(0, 10))) {
    mismatches.push({ field: `${field}.method`, local: localData.slice(0, 10), gateway: `${signature} = ${selector}` });
    return result(mismatches, unverified);
  }
  let encoded: Hex | undefined;
  try {
    encoded = encodeAbiParameters(
      parameters.map((p) => ({ type: p.type })),
      parameters.map((p) => toAbiValue(p.type, p.value)),
    );
  } catch (error) {
    mismatches.push({ field: `${field}.parameters`, local: `0x${localData.slice(10)}`, gateway: `cannot be encoded: ${(error as Error).message}` });
  }
  if (encoded !== undefined && !sameHex(encoded, `0x${localData.slice(10)}`)) {
    mismatches.push({ field: `${field}.parameters`, local: `0x${localData.slice(10)}`, gateway: encoded });
  }
  if (isMultiSendCall(localData)) checkMultiSendDecoded(localData, parameters, field, mismatches, unverified);
  return result(mismatches, unverified);
}

function checkMultiSendDecoded(localData: Hex, parameters: DataDecodedParameter[], field: string, mismatches: Mismatch[], unverified: string[]): void {
  const valueDecoded = parameters[0]?.valueDecoded;
  if (!Array.isArray(valueDecoded)) return;
  const inner = decodeMultiSendCall(localData);
  const base = `${field}.parameters.0.valueDecoded`;
  if (inner.length !== valueDecoded.length) {
    mismatches.push({ field: `${base}.length`, local: String(inner.length), gateway: String(valueDecoded.length) });
  }
  inner.forEach((tx, index) => {
    const shown: ValueDecodedTx | undefined = valueDecoded[index];
    if (!shown) return;
    const at = `${base}.${index}`;
    if (shown.operation !== tx.operation) mismatches.push({ field: `${at}.operation`, local: String(tx.operation), gateway: String(shown.operation) });
    if (!sameAddress(shown.to, tx.to)) mismatches.push({ field: `${at}.to`, local: tx.to, gateway: shown.to });
    if (!sameNumber(tx.value, shown.value)) mismatches.push({ field: `${at}.value`, local: tx.value.toString(), gateway: shown.value });
    if (!sameHex(shown.data, tx.data)) mismatches.push({ field: `${at}.data`, local: tx.data, gateway: shown.data ?? 'null' });
    const nested = crossCheckDecodedData(tx.data, shown.dataDecoded, `${at}.dataDecoded`);
    mismatches.push(...nested.mismatches);
    unverified.push(...nested.unverified);
  });
}

/** Checks the gateway's confirmation view (`views/transaction-confirmation`) against the local calldata. */
export function crossCheckConfirmationView(localData: Hex, view: ConfirmationView): CrossCheckResult {
  if (view.type !== 'GENERIC') return result([], [`confirmationView: type ${view.type} is not verified locally`]);
  if (view.method === undefined) return result([], []);
  return crossCheckDecodedData(localData, { method: view.method, parameters: view.parameters ?? null }, 'confirmationView');
}

// ───────────── txInfo ─────────────

function decodeTokenTransfer(data: Hex): { recipient: Address; amount: bigint } | undefined {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data });
    if (call.functionName === 'transfer') return { recipient: call.args[0], amount: call.args[1] };
    return { recipient: call.args[1], amount: call.args[2] };
  } catch {
    return undefined;
  }
}

function decodeNftTransfer(data: Hex): { recipient: Address; tokenId: bigint } | undefined {
  try {
    const call = decodeFunctionData({ abi: erc721Abi, data });
    return { recipient: call.args[1], tokenId: call.args[2] };
  } catch {
    return undefined;
  }
}

/** Checks the gateway's human-level summary (txInfo) against the local SafeTx. */
export function crossCheckTxInfo(local: SafeTx, info: TxInfo, safeAddress: Address): CrossCheckResult {
  const mismatches: Mismatch[] = [];
  const unverified: string[] = [];
  switch (info.type) {
    case 'Transfer': {
      const t = info.transferInfo;
      const kind = t.type === 'NATIVE_COIN' ? 'native transfer' : t.type === 'ERC20' ? 'ERC20 transfer' : 'ERC721 transfer';
      // A transfer is a plain CALL; a summary that hides a DELEGATECALL (or native value sent with a token call) lies.
      if (local.operation !== 0) mismatches.push({ field: 'txInfo.type', local: `operation ${local.operation} (DELEGATECALL)`, gateway: kind });
      if (t.type !== 'NATIVE_COIN' && local.value !== 0n) mismatches.push({ field: 'txInfo.type', local: `call with value ${local.value}`, gateway: kind });
      if (t.type === 'NATIVE_COIN') {
        if (!sameAddress(info.recipient.value, local.to)) mismatches.push({ field: 'txInfo.recipient', local: local.to, gateway: info.recipient.value });
        if (!sameNumber(local.value, t.value ?? '0')) mismatches.push({ field: 'txInfo.transferInfo.value', local: local.value.toString(), gateway: String(t.value) });
        if (size(local.data) > 0) mismatches.push({ field: 'txInfo.type', local: `call with data ${local.data}`, gateway: 'native transfer' });
      } else if (t.type === 'ERC20') {
        const decoded = decodeTokenTransfer(local.data);
        if (!sameAddress(t.tokenAddress, local.to)) mismatches.push({ field: 'txInfo.transferInfo.tokenAddress', local: local.to, gateway: t.tokenAddress });
        if (!decoded) mismatches.push({ field: 'txInfo.type', local: local.data, gateway: 'ERC20 transfer' });
        else {
          if (!sameNumber(decoded.amount, t.value)) mismatches.push({ field: 'txInfo.transferInfo.value', local: decoded.amount.toString(), gateway: t.value });
          if (info.direction === 'OUTGOING' && !sameAddress(info.recipient.value, decoded.recipient))
            mismatches.push({ field: 'txInfo.recipient', local: decoded.recipient, gateway: info.recipient.value });
        }
      } else {
        const decoded = decodeNftTransfer(local.data);
        if (!sameAddress(t.tokenAddress, local.to)) mismatches.push({ field: 'txInfo.transferInfo.tokenAddress', local: local.to, gateway: t.tokenAddress });
        if (!decoded) mismatches.push({ field: 'txInfo.type', local: local.data, gateway: 'ERC721 transfer' });
        else {
          if (!sameNumber(decoded.tokenId, t.tokenId)) mismatches.push({ field: 'txInfo.transferInfo.tokenId', local: decoded.tokenId.toString(), gateway: t.tokenId });
          if (info.direction === 'OUTGOING' && !sameAddress(info.recipient.value, decoded.recipient))
            mismatches.push({ field: 'txInfo.recipient', local: decoded.recipient, gateway: info.recipient.value });
        }
      }
      break;
    }
    case 'Custom':
      if (!sameAddress(info.to.value, local.to)) mismatches.push({ field: 'txInfo.to', local: local.to, gateway: info.to.value });
      if (!sameNumber(local.value, info.value ?? '0')) mismatches.push({ field: 'txInfo.value', local: local.value.toString(), gateway: String(info.value) });
      if (!sameNumber(BigInt(size(local.data)), info.dataSize)) mismatches.push({ field: 'txInfo.dataSize', local: String(size(local.data)), gateway: info.dataSize });
      break;
    case 'SettingsChange': {
      if (!sameAddress(safeAddress, local.to)) mismatches.push({ field: 'txInfo.type', local: `call to ${local.to}`, gateway: 'settings change of the Safe' });
      const decoded = crossCheckDecodedData(local.data, info.dataDecoded, 'txInfo.dataDecoded');
      mismatches.push(...decoded.mismatches);
      unverified.push(...decoded.unverified);
      break;
    }
    default:
      unverified.push(`txInfo: type ${info.type} is not verified locally`);
  }
  return result(mismatches, unverified);
}

// ───────────── transaction details ─────────────

/**
 * Compares gateway TransactionDetails field by field with the local SafeTx and its locally computed
 * safeTxHash, including the decoded data and the txInfo summary.
 */
export function crossCheckTransaction(local: SafeTx, details: TransactionDetails, ctx: SafeContext): CrossCheckResult {
  const mismatches: Mismatch[] = [];
  const unverified: string[] = [];
  const push = (field: string, localValue: string, gatewayValue: string) => mismatches.push({ field, local: localValue, gateway: gatewayValue });
  const localHash = safeTxHash(ctx, local);

  if (!sameAddress(details.safeAddress, ctx.safeAddress)) push('safeAddress', getAddress(ctx.safeAddress), details.safeAddress);

  const data = details.txData;
  if (!data) push('txData', 'present', 'null');
  else {
    if (!sameAddress(data.to.value, local.to)) push('txData.to', local.to, data.to.value);
    if (!sameNumber(local.value, data.value ?? '0')) push('txData.value', local.value.toString(), String(data.value));
    if (!sameHex(data.hexData, local.data)) push('txData.hexData', local.data, data.hexData ?? 'null');
    if (data.operation !== local.operation) push('txData.operation', String(local.operation), String(data.operation));
    const decoded = crossCheckDecodedData(local.data, data.dataDecoded, 'txData.dataDecoded');
    mismatches.push(...decoded.mismatches);
    unverified.push(...decoded.unverified);
  }

  const exec = details.detailedExecutionInfo;
  if (!exec || exec.type !== 'MULTISIG') push('detailedExecutionInfo.type', 'MULTISIG', exec ? exec.type : 'null');
  else {
    if (!sameNumber(local.nonce, exec.nonce)) push('detailedExecutionInfo.nonce', local.nonce.toString(), String(exec.nonce));
    if (!sameNumber(local.safeTxGas, exec.safeTxGas)) push('detailedExecutionInfo.safeTxGas', local.safeTxGas.toString(), exec.safeTxGas);
    if (!sameNumber(local.baseGas, exec.baseGas)) push('detailedExecutionInfo.baseGas', local.baseGas.toString(), exec.baseGas);
    if (!sameNumber(local.gasPrice, exec.gasPrice)) push('detailedExecutionInfo.gasPrice', local.gasPrice.toString(), exec.gasPrice);
    if (!sameAddress(exec.gasToken, local.gasToken)) push('detailedExecutionInfo.gasToken', local.gasToken, exec.gasToken);
    if (!sameAddress(exec.refundReceiver.value, local.refundReceiver)) push('detailedExecutionInfo.refundReceiver', local.refundReceiver, exec.refundReceiver.value);
    if (!sameHex(exec.safeTxHash, localHash)) push('detailedExecutionInfo.safeTxHash', localHash, exec.safeTxHash);
  }

  const idMatch = /^multisig_(0x[0-9a-fA-F]{40})_(0x[0-9a-fA-F]{64})$/.exec(details.txId);
  if (!idMatch) push('txId', `multisig_${getAddress(ctx.safeAddress)}_${localHash}`, details.txId);
  else {
    if (!sameAddress(idMatch[1]!, ctx.safeAddress)) push('txId.safeAddress', getAddress(ctx.safeAddress), idMatch[1]!);
    if (!sameHex(idMatch[2], localHash)) push('txId.safeTxHash', localHash, idMatch[2]!);
  }

  const info = crossCheckTxInfo(local, details.txInfo, ctx.safeAddress);
  mismatches.push(...info.mismatches);
  unverified.push(...info.unverified);
  return result(mismatches, unverified);
}

// ───────────── confirmations ─────────────

/**
 * Checks that every signature the gateway lists for a transaction signs the locally computed safeTxHash and comes
 * from the signer it names (EIP-712, v 27/28; eth_sign, v 31/32). A gateway that shows the next signer another
 * transaction than the one the earlier signers signed — even with a consistent safeTxHash and txId — is caught
 * here. Approved-hash and contract signatures (v 1 / 0) cannot be checked from the signature alone: unverified.
 */
export async function crossCheckConfirmations(
  localHash: Hex,
  confirmations: readonly { signer: string; signature: string | null }[],
  /** Where the list sits in the gateway's JSON, and the name of the hash signed (a message's: safeMessageHash). */
  { listField = 'detailedExecutionInfo.confirmations', hashName = 'safeTxHash' }: { listField?: string; hashName?: string } = {},
): Promise<CrossCheckResult> {
  const mismatches: Mismatch[] = [];
  const unverified: string[] = [];
  for (const [index, { signer, signature }] of confirmations.entries()) {
    const field = `${listField}.${index}`;
    if (signature === null) continue;
    // 65 bytes (r, s, v); a contract signature (v 0) may carry its dynamic part after them.
    const v = /^0x(?:[0-9a-fA-F]{2}){65,}$/.test(signature) ? hexToNumber(slice(signature as Hex, 64, 65)) : null;
    if (v === null || (signature.length !== 132 && v !== 0)) {
      mismatches.push({ field, local: `no signature by ${signer}`, gateway: `a malformed signature by ${signer}` });
      continue;
    }
    if (v !== 27 && v !== 28 && v !== 31 && v !== 32) {
      unverified.push(`${field}: signature type v=${v} of ${signer} is not verified locally`);
      continue;
    }
    let recovered: Address | null;
    try {
      recovered =
        v > 30
          ? await recoverAddress({ hash: hashMessage({ raw: localHash }), signature: `${signature.slice(0, 130)}${(v - 4).toString(16)}` as Hex })
          : await recoverAddress({ hash: localHash, signature: signature as Hex });
    } catch {
      recovered = null;
    }
    if (!recovered || !sameAddress(recovered, signer)) {
      mismatches.push({ field, local: `no signature by ${signer} (it does not sign this ${hashName}${recovered ? `; it recovers to ${recovered}` : ''})`, gateway: `a signature by ${signer}` });
    }
  }
  return result(mismatches, unverified);
}
