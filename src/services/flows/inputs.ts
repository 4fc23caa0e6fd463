/**
 * The inputs of the flow machines, built from what the open Safe session and the wallet connection know when
 * a flow opens. The view only says what it wants (a FlowRequest); the Safe, its chain, the tokens and the
 * connected wallet are filled in here.
 */
import { getAddress, type Address } from 'viem';
import type { BulkExecuteInput, DeleteTxInput, TokenOption, TxFlowInput, TxFlowSafe, TxFlowWallet } from '../../machines/transactionFlow/transactionFlow.types.ts';
import type { MessageFlowInput, MessageFlowSafe } from '../../machines/messageFlow/messageFlow.types.ts';
import type { AllowanceTransferInput } from '../../machines/allowanceTransfer/allowanceTransfer.types.ts';
import { safeKeyOf, type FlowRequest } from '../../machines/shared/flows.ts';
import { compareSafeVersions } from '../../machines/transactionFlow/draft.ts';
import type { SafeSessionContext } from '../../machines/safeSession/safeSession.types.ts';
import type { FlowContext } from './flowHost.ts';

export const NO_SAFE_LOADED = 'Open a Safe and wait until it has loaded before starting a transaction.';

export function txFlowSafeOf(session: SafeSessionContext): TxFlowSafe | null {
  const info = session.safeInfo;
  const chain = session.chain;
  if (!info || !chain) return null;
  return {
    chainId: chain.chainId,
    chainName: chain.chainName,
    address: getAddress(info.address.value),
    version: info.version ?? '1.3.0',
    nonce: info.nonce,
    threshold: info.threshold,
    owners: info.owners.map((o) => getAddress(o.value)),
    modules: (info.modules ?? []).map((m) => getAddress(m.value)),
    guard: info.guard ? getAddress(info.guard.value) : null,
    fallbackHandler: info.fallbackHandler ? getAddress(info.fallbackHandler.value) : null,
    implementation: getAddress(info.implementation.value),
    nativeCurrency: { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
  };
}

export function messageFlowSafeOf(safe: TxFlowSafe): MessageFlowSafe {
  return {
    chainId: safe.chainId,
    chainName: safe.chainName,
    address: safe.address,
    version: safe.version,
    threshold: safe.threshold,
    owners: safe.owners,
    fallbackHandler: safe.fallbackHandler,
    // What else the gateway said, for the two-source check (decision 0053).
    nonce: safe.nonce,
    modules: safe.modules,
    guard: safe.guard,
    ...(safe.implementation !== undefined ? { implementation: safe.implementation } : {}),
  };
}

/**
 * Off-chain messages need EIP1271 on the chain and, from Safe 1.3.0, a fallback handler (anchor §3), and a gateway to
 * collect the signatures: a Safe read from the chain signs a new message on chain (decision 0055).
 */
export function offChainSupportedOf(session: SafeSessionContext, safe: TxFlowSafe): boolean {
  if (!session.chain?.features.includes('EIP1271') || session.safeInfo?.readFromChain) return false;
  return compareSafeVersions(safe.version, '1.3.0') < 0 || safe.fallbackHandler !== null;
}

/** The Safe's tokens for the compose form (the native coin has no address). */
export function tokensOf(session: SafeSessionContext): TokenOption[] {
  return (session.balances?.items ?? []).map((item) => ({
    address: item.tokenInfo.type === 'NATIVE_TOKEN' || /^0x0{40}$/i.test(item.tokenInfo.address) ? null : (getAddress(item.tokenInfo.address) as Address),
    symbol: item.tokenInfo.symbol,
    decimals: item.tokenInfo.decimals,
    balance: item.balance,
  }));
}

/**
 * The flow context for the open Safe, or the text saying why no flow can open.
 * `wallet` is the connected wallet as the wallet connection reports it (null when none).
 */
export function flowContextOf(session: SafeSessionContext | null, wallet: TxFlowWallet | null): FlowContext | string {
  const safe = session ? txFlowSafeOf(session) : null;
  if (!session || !safe) return NO_SAFE_LOADED;
  const tokens = tokensOf(session);
  const offChainSupported = offChainSupportedOf(session, safe);
  return {
    safeKey: safeKeyOf(safe.chainId, safe.address),
    inputFor(request: FlowRequest, flowId: string) {
      switch (request.kind) {
        case 'transaction': {
          const input: TxFlowInput = { flowId, mode: request.mode, safe, wallet, tokens };
          if (request.mode === 'create') input.initialDraft = request.initialDraft ?? null;
          else if (request.mode === 'reject') {
            input.nonce = request.nonce;
            if (request.replaces) input.replaces = request.replaces;
          }
          else input.txId = request.txId;
          return input;
        }
        case 'message': {
          const input: MessageFlowInput = { flowId, mode: request.mode, safe: messageFlowSafeOf(safe), wallet, offChainSupported };
          if (request.mode === 'sign') {
            input.message = request.message ?? null;
            if (request.signing) input.signing = request.signing;
            if (request.origin) input.origin = request.origin;
          } else input.messageHash = request.messageHash;
          return input;
        }
        case 'deleteTx': {
          const input: DeleteTxInput = { flowId, safe, wallet, safeTxHash: request.safeTxHash, nonce: request.nonce, proposer: request.proposer, label: request.label };
          return input;
        }
        case 'bulkExecute': {
          const input: BulkExecuteInput = { flowId, safe, wallet, txIds: request.txIds };
          return input;
        }
        case 'allowanceTransfer': {
          const input: AllowanceTransferInput = { flowId, safe: { chainId: safe.chainId, chainName: safe.chainName, address: safe.address }, wallet, token: request.token };
          return input;
        }
      }
    },
  };
}
