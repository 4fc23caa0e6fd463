/**
 * The real effects of the messageFlow machine (src/machines/messageFlow). Hashing is the Safe services' own
 * (src/domain/safe/messages.ts, hashing.ts); this module joins it to the gateway client, the chain (EIP-1271
 * reads) and the connected wallet.
 *
 *   provideMessageFlowServices(messageFlowMachine, deps)
 *
 * Rules enforced here as well as in the machine:
 * - the SafeMessage hash is computed locally; the typed data sent to the wallet is the one shown (S2/S22);
 * - only eth_signTypedData_v4 is used (no eth_sign, S9); the wallet must be on the Safe's chain (S10);
 * - typed data whose EIP-712 domain names another chain is never signed; typed data naming no chain only once the
 *   user has acknowledged it (S10, decision 0026): `previewOf` judges it, `requestSignature` refuses on its own;
 * - a signature that does not recover to an owner is never sent to the gateway;
 * - verification on chain is valid only for the magic values 0x1626ba7e / 0x20c13b0b;
 * - the on-chain fallback uses an allow-listed SignMessageLib (S4).
 */
import {
  encodeFunctionData,
  getAddress,
  getTypesForEIP712Domain,
  hashStruct,
  recoverAddress,
  serializeTypedData,
  type Address,
  type Hex,
  type PublicClient,
  type TypedDataDefinition,
} from 'viem';
import { deviceFailureOf, noTypedDataFailure, providerErrorOf } from './transactionFlow/wallet.ts';
import type { MessageFlowMachine } from '../machines/messageFlow/messageFlow.machine.ts';
import type {
  GatewayMessageView,
  MessageChainCheck,
  MessageContent,
  MessageFlowEffects,
  MessageFlowSafe,
  MessageFlowWallet,
  MessagePreview,
  MessageRequest,
  OnChainSignatureRequest,
  OwnerSignature,
  TypedDataJson,
  Verification,
  WalletFailure,
} from '../machines/messageFlow/messageFlow.types.ts';
import { effectActors } from '../machines/shared/effects.ts';
import type { GatewayClient } from './gateway/client.ts';
import { GatewayError } from './gateway/http.ts';
import type { Message } from '../domain/gateway/types.ts';
import { eip1271Abi, eip1271LegacyAbi, signMessageLibAbi } from '../domain/safe/abis.ts';
import { delegateCallAllowList, findTrustedLibrary } from '../domain/safe/contracts.ts';
import { isEip1271MagicValue } from '../domain/safe/eip1271.ts';
import { domainHash } from '../domain/safe/hashing.ts';
import { otherChainText, typedDataChain } from '../domain/safe/messageCheck.ts';
import {
  SAFE_MESSAGE_TYPES,
  decodeEip191Message,
  isTypedData,
  messageInnerHash,
  normalizeTypedData,
  safeMessageHash,
  safeMessageTypedData,
  type Eip712TypedData,
} from '../domain/safe/messages.ts';
import type { SafeContext } from '../domain/safe/types.ts';
import { parseSafeVersion } from '../domain/safe/version.ts';
import { rejectionText } from '../domain/wallet/deviceDisplay.ts';
import { isOwner } from '../domain/safe/owners.ts';
import { readyWallet as readyWalletFor } from './transactionFlow/wallet.ts';
import { checkSafeAgainstChain } from './chain/safeInfoCheck.ts';
import { SAFE_INFO_BLOCKED, safeInfoBlockText } from '../domain/safe/safeInfoCheck.ts';
import { pause } from './pause.ts';

export interface Eip1193Like {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

export type MessageWalletAccess = () => Eip1193Like | null;
/** EIP-1271 reads, and the Safe's storage words for the two-source check (decision 0053). */
export type MessageFlowChain = Pick<PublicClient, 'readContract'> & Partial<Pick<PublicClient, 'getStorageAt'>>;

export interface MessageFlowDeps {
  gateway: GatewayClient;
  /** A client of the Safe's chain (EIP-1271 reads). */
  chain: MessageFlowChain;
  /** The connected wallet's EIP-1193 provider, or null. */
  wallet: MessageWalletAccess;
  /** How often the gateway is asked for new confirmations while collecting (default 3000 ms). */
  pollIntervalMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const MESSAGE_WALLET_TEXTS = {
  rejected: 'User rejected signing.',
  noWallet: 'No wallet is connected.',
  notSigner: "You are currently not a signer of this Safe account and won't be able to confirm this message.",
  wrongChain: (chainName: string) => `You are trying to sign a message on ${chainName}. Make sure that your wallet is set to the same network.`,
  signError: 'Error signing message, please retry!',
} as const;

const failure = (kind: WalletFailure['kind'], message: string): WalletFailure => ({ kind, message });

const ANY_CHAIN_REFUSAL = 'this message names no chain and it was not acknowledged that it is valid on every chain.';

export function classifyWalletError(error: unknown, deviceName?: string): WalletFailure {
  if (typeof error === 'object' && error !== null && 'kind' in error && 'message' in error) return error as WalletFailure;
  // A device's own error says what to do on the device (issue 19).
  const device = deviceFailureOf(error, deviceName);
  if (device) return device;
  const { message, kind } = providerErrorOf(error);
  if (kind === 'rejected') return failure('rejected', rejectionText(MESSAGE_WALLET_TEXTS.rejected, error, deviceName));
  if (kind === 'disconnected') return failure('disconnected', MESSAGE_WALLET_TEXTS.noWallet);
  return failure('other', `${MESSAGE_WALLET_TEXTS.signError} ${message}`.trim());
}

const safeContextOf = (safe: MessageFlowSafe): SafeContext => ({ chainId: BigInt(safe.chainId), safeAddress: getAddress(safe.address), version: safe.version });
const isAlreadyExists = (error: unknown) => error instanceof GatewayError && error.status === 400 && /already exists/i.test(error.message);
const is404 = (error: unknown) => error instanceof GatewayError && error.status === 404;

// ───────────────────────── hashing (local) ─────────────────────────

/** The message a request names: text (hex decoded when valid UTF-8) or typed data with its primaryType. */
export function contentOf(request: MessageRequest): MessageContent {
  switch (request.kind) {
    case 'text':
      return { kind: 'text', text: decodeEip191Message(request.message) };
    case 'typed':
      return typedContent({ ...request.typedData, ...(request.primaryType ? { primaryType: request.primaryType } : {}) });
    case 'draft': {
      if (request.text.trim() === '') throw new Error('Enter a message to sign.');
      if (request.format === 'text') return { kind: 'text', text: decodeEip191Message(request.text) };
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.text);
      } catch (error) {
        throw new Error(`The typed data is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      if (!isTypedData(parsed)) throw new Error('Invalid typed data');
      return typedContent(parsed as TypedDataJson);
    }
  }
}

function typedContent(typed: TypedDataJson): MessageContent {
  if (!isTypedData(typed)) throw new Error('Invalid typed data');
  // The seed's primaryType rule: given, else exactly one root type ('Please specify primaryType').
  const normalized = normalizeTypedData(typed as Eip712TypedData);
  return {
    kind: 'typed',
    typedData: {
      domain: { ...normalized.domain } as TypedDataJson['domain'],
      types: Object.fromEntries(Object.entries(normalized.types).map(([name, fields]) => [name, fields.map((f) => ({ name: f.name, type: f.type }))])),
      primaryType: normalized.primaryType,
      message: normalized.message,
    },
  };
}

const safeContentOf = (content: MessageContent): string | Eip712TypedData => (content.kind === 'text' ? content.text : (content.typedData as Eip712TypedData));

/** The SafeMessage typed data as eth_signTypedData_v4 sends it (EIP712Domain included), JSON text. */
export function walletTypedDataOf(ctx: SafeContext, innerHash: Hex): string {
  const typed = safeMessageTypedData(ctx, innerHash);
  return serializeTypedData({ ...typed, types: { EIP712Domain: getTypesForEIP712Domain({ domain: typed.domain }), ...SAFE_MESSAGE_TYPES } } as TypedDataDefinition);
}

/** The message's chain against the Safe's (decision 0026), judged on the content exactly as it is hashed. */
export function chainCheckOf(safe: MessageFlowSafe, content: MessageContent): MessageChainCheck {
  if (content.kind === 'text') return { kind: 'text' };
  const chain = typedDataChain(content.typedData as Eip712TypedData, safe.chainId);
  return chain.kind === 'otherChain' ? { ...chain, reason: otherChainText(chain.chainId, chain.safeChainId) } : chain;
}

export function previewOf(safe: MessageFlowSafe, request: MessageRequest): MessagePreview {
  const ctx = safeContextOf(safe);
  const content = contentOf(request);
  const message = safeContentOf(content);
  const innerHash = messageInnerHash(message);
  return {
    content,
    chain: chainCheckOf(safe, content),
    innerHash,
    safeMessageHash: safeMessageHash(ctx, message),
    domainHash: domainHash(ctx),
    structHash: hashStruct({ data: { message: innerHash }, primaryType: 'SafeMessage', types: SAFE_MESSAGE_TYPES }),
    walletTypedData: walletTypedDataOf(ctx, innerHash),
    blindSigning: content.kind === 'text' && /^0x[0-9a-fA-F]{64}$/.test(content.text),
  };
}

// ───────────────────────── gateway answers ─────────────────────────

export function messageViewOf(message: Message): GatewayMessageView {
  return {
    messageHash: message.messageHash as Hex,
    status: message.status,
    message: message.message as string | TypedDataJson,
    confirmations: message.confirmations.map((c) => ({ owner: getAddress(c.owner.value), signature: c.signature as Hex })),
    confirmationsRequired: message.confirmationsRequired,
    confirmationsSubmitted: message.confirmationsSubmitted,
    preparedSignature: (message.preparedSignature ?? null) as Hex | null,
    proposedBy: getAddress(message.proposedBy.value),
    creationTimestamp: message.creationTimestamp,
    origin: message.origin ?? null,
    name: message.name,
  };
}

/** The signer of a SafeMessage signature, which must be an owner; throws a precise refusal otherwise. */
export async function ownerOfSignature(safe: MessageFlowSafe, safeMessageHashValue: Hex, signature: OwnerSignature): Promise<Address> {
  const recovered = await recoverAddress({ hash: safeMessageHashValue, signature: signature.signature });
  if (recovered.toLowerCase() !== signature.signer.toLowerCase()) {
    throw new Error(`Refused: the signature is from ${recovered}, not from ${signature.signer}.`);
  }
  if (!isOwner(safe.owners, recovered)) throw new Error(`Refused: ${recovered} is not an owner of this Safe. ${MESSAGE_WALLET_TEXTS.notSigner}`);
  return recovered;
}

// ───────────────────────── effects ─────────────────────────

/**
 * The messageFlow machine's effects over the gateway, the chain and the wallet. Some inputs are looser than the
 * machine's (requestSignature's acknowledgement defaults to false, watchMessage's signal is optional) so the
 * effects can be called directly, as the tests do.
 */
export function createMessageFlowEffects(deps: MessageFlowDeps) {
  const { gateway, chain } = deps;
  const interval = deps.pollIntervalMs ?? 3000;
  const sleep = deps.sleep ?? pause;

  /** A fresh read: the Safe info first applies its tags, which drop stale cached messages. */
  async function freshMessage(safe: MessageFlowSafe, messageHash: Hex): Promise<GatewayMessageView | null> {
    await gateway.getSafeInfo(safe.chainId, safe.address).catch(() => null);
    try {
      return messageViewOf(await gateway.getSafeMessage(safe.chainId, messageHash));
    } catch (error) {
      if (is404(error)) return null;
      throw error;
    }
  }

  /**
   * Adds the signature; when the gateway says this owner's signature is already there, that is success if the
   * stored one is ours — an earlier attempt reached the gateway and only its answer was lost (a timeout), and
   * "Try again" posted the same signature again.
   */
  async function confirmOnce(safe: MessageFlowSafe, messageHash: Hex, signature: OwnerSignature): Promise<void> {
    try {
      await gateway.confirmSafeMessage(safe.chainId, messageHash, signature.signature);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      const stored = await freshMessage(safe, messageHash);
      const ours = stored?.confirmations.some((c) => c.owner.toLowerCase() === signature.signer.toLowerCase() && c.signature.toLowerCase() === signature.signature.toLowerCase());
      if (!ours) throw error;
    }
  }

  async function mustRead(safe: MessageFlowSafe, messageHash: Hex): Promise<GatewayMessageView> {
    const message = await freshMessage(safe, messageHash);
    if (!message) throw new Error(`The gateway did not return message ${messageHash} after accepting the signature.`);
    return message;
  }

  /** Connected, an owner, the expected account, on the Safe's chain (the transaction flow's check, in this flow's words). */
  async function readyWallet(safe: MessageFlowSafe, wallet: MessageFlowWallet | null): Promise<{ provider: Eip1193Like; account: Address }> {
    if (!deps.wallet() || !wallet) throw failure('disconnected', MESSAGE_WALLET_TEXTS.noWallet);
    if (!isOwner(safe.owners, wallet.address)) throw failure('notOwner', MESSAGE_WALLET_TEXTS.notSigner);
    return readyWalletFor(deps.wallet, safe, wallet.address, 'sign', { classify: classifyWalletError, wrongChain: MESSAGE_WALLET_TEXTS.wrongChain });
  }

  return {
    /** The local hashes, and the Safe info the flow was given against the chain, read once (decision 0053). */
    computeMessageHash: async ({ safe, request }: { safe: MessageFlowSafe; request: MessageRequest }): Promise<MessagePreview> => {
      const preview = previewOf(safe, request);
      return { ...preview, safeInfo: await checkSafeAgainstChain(chain, safe) };
    },

    loadMessage: ({ safe, messageHash }: { safe: MessageFlowSafe; messageHash: Hex }) => freshMessage(safe, messageHash),

    requestSignature: async ({
      safe,
      wallet,
      preview,
      anyChainAcknowledged = false,
    }: {
      safe: MessageFlowSafe;
      wallet: MessageFlowWallet | null;
      preview: MessagePreview;
      anyChainAcknowledged?: boolean;
    }): Promise<OwnerSignature> => {
      // The Safe info against the chain, as checked when the message was hashed (decision 0053): the wallet is not asked otherwise.
      if (preview.safeInfo && preview.safeInfo.status !== 'agrees') throw failure('other', safeInfoBlockText(preview.safeInfo) ?? SAFE_INFO_BLOCKED);
      // The chain rule again, judged here from the message itself, not from the machine's verdict (decision 0026).
      const chain = chainCheckOf(safe, preview.content);
      if (chain.kind === 'otherChain') throw failure('other', chain.reason);
      if (chain.kind === 'anyChain' && !anyChainAcknowledged) throw failure('other', `Refusing to sign: ${ANY_CHAIN_REFUSAL}`);
      // What is sent is rebuilt from the message and must be exactly what the user saw.
      const ctx = safeContextOf(safe);
      const innerHash = messageInnerHash(safeContentOf(preview.content));
      const payload = walletTypedDataOf(ctx, innerHash);
      const hash = safeMessageHash(ctx, safeContentOf(preview.content));
      if (hash !== preview.safeMessageHash || payload !== preview.walletTypedData) {
        throw failure('other', `Refusing to sign: the SafeMessage hashes to ${hash}, not to the hash shown (${preview.safeMessageHash}).`);
      }
      const { provider, account } = await readyWallet(safe, wallet);
      let signature: unknown;
      try {
        signature = await provider.request({ method: 'eth_signTypedData_v4', params: [account, payload] });
      } catch (error) {
        // Never eth_sign instead (S9): a wallet without typed data is refused in words.
        throw noTypedDataFailure(error) ?? classifyWalletError(error, wallet?.device?.name);
      }
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature)) throw failure('other', 'The wallet returned an invalid signature.');
      const recovered = await recoverAddress({ hash, signature: signature as Hex });
      if (recovered.toLowerCase() !== account.toLowerCase()) throw failure('other', `The signature is from ${recovered}, not from the connected account ${account}.`);
      return { signer: account, signature: signature.toLowerCase() as Hex };
    },

    createMessage: async ({
      safe,
      preview,
      signature,
      origin,
      safeAppId,
    }: {
      safe: MessageFlowSafe;
      preview: MessagePreview;
      signature: OwnerSignature;
      origin: string | null;
      safeAppId: number | null;
    }): Promise<GatewayMessageView> => {
      await ownerOfSignature(safe, preview.safeMessageHash, signature);
      const message = preview.content.kind === 'text' ? preview.content.text : (preview.content.typedData as Parameters<GatewayClient['proposeSafeMessage']>[2]['message']);
      try {
        await gateway.proposeSafeMessage(safe.chainId, safe.address, { message, safeAppId, signature: signature.signature, origin });
      } catch (error) {
        // Another owner created it in the meantime (or an earlier attempt of ours did): this signature becomes a confirmation.
        if (!isAlreadyExists(error)) throw error;
        await confirmOnce(safe, preview.safeMessageHash, signature);
      }
      return mustRead(safe, preview.safeMessageHash);
    },

    addSignature: async ({ safe, messageHash, signature }: { safe: MessageFlowSafe; messageHash: Hex; signature: OwnerSignature }): Promise<GatewayMessageView> => {
      await ownerOfSignature(safe, messageHash, signature);
      await confirmOnce(safe, messageHash, signature);
      return mustRead(safe, messageHash);
    },

    watchMessage: async (
      { safe, messageHash, confirmationsSubmitted }: { safe: MessageFlowSafe; messageHash: Hex; confirmationsSubmitted: number },
      signal?: AbortSignal,
    ): Promise<GatewayMessageView> => {
      for (;;) {
        await sleep(interval, signal);
        const message = await freshMessage(safe, messageHash);
        if (message && (message.confirmationsSubmitted !== confirmationsSubmitted || message.status === 'CONFIRMED' || message.messageHash.toLowerCase() !== messageHash.toLowerCase())) {
          return message;
        }
      }
    },

    verifyOnChain: async ({ safe, innerHash, signature }: { safe: MessageFlowSafe; innerHash: Hex; signature: Hex }): Promise<Verification> => {
      const address = getAddress(safe.address);
      const call = async (form: 'hash' | 'bytes'): Promise<Hex | null> => {
        try {
          const result =
            form === 'hash'
              ? await chain.readContract({ address, abi: eip1271Abi, functionName: 'isValidSignature', args: [innerHash, signature] })
              : await chain.readContract({ address, abi: eip1271LegacyAbi, functionName: 'isValidSignature', args: [innerHash, signature] });
          return result as Hex;
        } catch {
          return null;
        }
      };
      const hashFormResult = await call('hash');
      if (isEip1271MagicValue(hashFormResult, 'hash')) return { valid: true, form: 'hash', hashFormResult, bytesFormResult: null };
      const bytesFormResult = await call('bytes');
      if (isEip1271MagicValue(bytesFormResult, 'bytes')) return { valid: true, form: 'bytes', hashFormResult, bytesFormResult };
      return { valid: false, form: null, hashFormResult, bytesFormResult };
    },

    prepareOnChainSignature: async ({ safe, innerHash }: { safe: MessageFlowSafe; innerHash: Hex }): Promise<OnChainSignatureRequest> => {
      const version = parseSafeVersion(safe.version);
      const release = version.major === 1 && version.minor >= 4 ? '1.4.1' : '1.3.0';
      const library = delegateCallAllowList({ chainId: safe.chainId, version: safe.version }).find((entry) => entry.kind === 'SignMessageLib' && entry.release === release);
      if (!library) throw new Error(`On-chain message signing is not available for a Safe ${safe.version}: no allow-listed SignMessageLib.`);
      const trusted = findTrustedLibrary({ chainId: safe.chainId, version: safe.version }, library.address);
      if (!trusted || trusted.kind !== 'SignMessageLib') throw new Error(`${library.address} is not on the delegate-call allow-list.`);
      return {
        to: trusted.address,
        value: '0',
        data: encodeFunctionData({ abi: signMessageLibAbi, functionName: 'signMessage', args: [innerHash] }),
        operation: 1,
        library: `SignMessageLib ${trusted.release}`,
        method: 'signMessage',
        innerHash,
      };
    },
  } satisfies MessageFlowEffects;
}

export type { MessageFlowEffects };

export function provideMessageFlowServices(machine: MessageFlowMachine, deps: MessageFlowDeps | MessageFlowEffects) {
  const effects: MessageFlowEffects = 'computeMessageHash' in deps ? deps : createMessageFlowEffects(deps);
  return machine.provide({ actors: effectActors(effects) });
}
