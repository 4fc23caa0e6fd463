/**
 * Effects of the createSafe machine: the chains the gateway lists, the local CREATE2 prediction (with the
 * first free salt nonce from 0, like Safe{Wallet}), the deployment through the connected wallet
 * (eth_sendTransaction of SafeProxyFactory.createProxyWithNonce), the check after a restore (code at the
 * predicted address; nothing is sent again) and tracking: receipt, code at the address, and the gateway
 * indexing the new Safe (so that it opens and is listed under its owners' Safes at once).
 */
import { decodeEventLog, getAddress, type Address, type Hex, type PublicClient } from 'viem';
import type { CreateSafeMachine } from '../machines/createSafe/createSafe.machine.ts';
import type { CreateSafeEffects, DeployInput, NamedSafe } from '../machines/createSafe/createSafe.types.ts';
import { effectActors } from '../machines/shared/effects.ts';
import type { HexAddress } from '../machines/walletConnection/walletConnection.types.ts';
import type { GatewayClient } from './gateway/client.ts';
import type { ChainInfo } from '../domain/gateway/types.ts';
import { safeProxyFactoryAbi } from '../domain/safe/abis.ts';
import { createProxyTransaction, DEFAULT_SAFE_CREATION, predictSafeAddress } from '../domain/safe/create.ts';
import type { WalletAccess } from './transactionFlow/wallet.ts';
import { planExecution, sendPlanned, type PlanChain, type SentChain } from './transactionFlow/deviceExecution.ts';
import { nameSafeInBook, type AddressBookStore } from './addressBook.ts';

export type CreateSafeChain = Pick<PublicClient, 'getCode' | 'waitForTransactionReceipt'> & PlanChain & SentChain;

export interface CreateSafeDeps {
  gateway: Pick<GatewayClient, 'getSafeInfo'>;
  /** Every chain the gateway lists. */
  loadChains: () => Promise<ChainInfo[]>;
  /** A viem public client of a chain the gateway lists. */
  chainClient: (chainId: string) => Promise<CreateSafeChain>;
  /** The connected wallet's EIP-1193 provider, or null. */
  wallet: WalletAccess;
  /** How often and how many times the gateway is asked whether it indexed the new Safe (default 500 ms × 60). */
  pollIntervalMs?: number;
  pollAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
  /** How many salt nonces are tried from 0 before giving up (default 100). */
  maxSaltNonces?: number;
  /**
   * The address book: the name given in the form becomes the new Safe's entry once it is created (as a loaded
   * Safe's name does, src/services/loadSafe.ts), unless the book already names it; `onNamed` tells the book to reload.
   */
  names?: Pick<AddressBookStore, 'list' | 'upsert'>;
  onNamed?: () => void;
  /** Told when the name could not be written (the Safe is created all the same). */
  onNameFailed?: (error: unknown) => void;
}

/** What predictSafe throws when the salt nonce the user chose is taken (a Safe is already at the address). */
export class AlreadyDeployedError extends Error {
  readonly kind = 'alreadyDeployed';
}

const hasCode = (code: Hex | undefined): boolean => code !== undefined && code !== '0x';

export type { CreateSafeEffects };

/** The factory call that deploys exactly the reviewed Safe; refuses (a WalletFailure) when these settings give another address. */
function deploymentTx(input: DeployInput): { to: Address; data: Hex } {
  const config = { owners: input.owners, threshold: input.threshold, saltNonce: input.saltNonce };
  // What is sent must deploy exactly the Safe whose address the user reviewed.
  const predicted = predictSafeAddress(config);
  if (predicted.toLowerCase() !== input.address.toLowerCase()) {
    throw { kind: 'other', message: `Refusing to deploy: these settings give ${predicted}, not the reviewed ${input.address}.` };
  }
  return createProxyTransaction(config);
}

/** The createSafe machine's effects over the gateway, the chain and the connected wallet. */
export function createSafeEffects(deps: CreateSafeDeps): CreateSafeEffects {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const interval = deps.pollIntervalMs ?? 500;
  const attempts = deps.pollAttempts ?? 60;

  async function isDeployed(chainId: string, address: Address): Promise<boolean> {
    const client = await deps.chainClient(chainId);
    return hasCode(await client.getCode({ address }));
  }

  /** Waits until the gateway answers for the Safe (it indexes from the chain). */
  async function waitForGateway(chainId: string, address: Address): Promise<void> {
    for (let i = 0; i < attempts; i += 1) {
      try {
        await deps.gateway.getSafeInfo(chainId, address);
        return;
      } catch {
        await sleep(interval);
      }
    }
    throw new Error('The Safe is deployed, but the gateway has not listed it yet. Try again in a moment.');
  }

  return {
    loadSetup: async () => ({
      chains: (await deps.loadChains()).map((c) => ({ chainId: c.chainId, chainName: c.chainName, shortName: c.shortName })),
    }),

    predictSafe: async (input) => {
      const config = { owners: input.owners, threshold: input.threshold };
      if (input.saltNonce !== null) {
        const address = predictSafeAddress({ ...config, saltNonce: input.saltNonce });
        if (await isDeployed(input.chainId, address)) throw new AlreadyDeployedError(`A Safe is already deployed at ${address}`);
        return { address: address as HexAddress, saltNonce: input.saltNonce };
      }
      const max = deps.maxSaltNonces ?? 100;
      for (let nonce = 0; nonce < max; nonce += 1) {
        const address = predictSafeAddress({ ...config, saltNonce: String(nonce) });
        if (!(await isDeployed(input.chainId, address))) return { address: address as HexAddress, saltNonce: String(nonce) };
      }
      throw new Error(`Safes with these signers are deployed for the first ${max} salt nonces; choose a salt nonce.`);
    },

    prepareDeployment: async (input) => planExecution(await deps.chainClient(input.chainId), input.chainId, input.account, deploymentTx(input)),

    deploySafe: async (input) => {
      const sendDeps = { wallet: deps.wallet, chain: await deps.chainClient(input.chainId), sleep, intervalMs: interval };
      return sendPlanned(sendDeps, { chainId: input.chainId, chainName: input.chainName }, input.account, deploymentTx(input), input.execution, input.deviceName);
    },

    checkDeployment: async (input) => ({
      deployed: await isDeployed(input.chainId, input.address),
    }),

    waitForDeployment: async (input) => {
      const client = await deps.chainClient(input.chainId);
      if (input.txHash) {
        const receipt = await client.waitForTransactionReceipt({ hash: input.txHash });
        const created = receipt.logs.some((log) => {
          if (log.address.toLowerCase() !== DEFAULT_SAFE_CREATION.proxyFactory.toLowerCase()) return false;
          try {
            const event = decodeEventLog({ abi: safeProxyFactoryAbi, eventName: 'ProxyCreation', data: log.data, topics: log.topics });
            return getAddress(event.args.proxy) === getAddress(input.address);
          } catch {
            return false;
          }
        });
        if (receipt.status !== 'success' || !created) return { status: 'FAILED', txHash: input.txHash };
      }
      if (!(await isDeployed(input.chainId, input.address))) return { status: 'FAILED', txHash: input.txHash };
      await waitForGateway(input.chainId, input.address);
      return { status: 'SUCCESS', txHash: input.txHash };
    },
  };
}

/** The machine's `nameSafe` action: writes the name (if any) to the address book, then tells the book to reload. */
export function nameCreatedSafe(deps: Pick<CreateSafeDeps, 'names' | 'onNamed' | 'onNameFailed'>): (safe: NamedSafe) => Promise<void> {
  return async (safe) => {
    if (!deps.names || !safe.name) return;
    try {
      if (await nameSafeInBook(deps.names, safe)) deps.onNamed?.();
    } catch (error) {
      deps.onNameFailed?.(error);
    }
  };
}

export function provideCreateSafeServices(machine: CreateSafeMachine, deps: CreateSafeDeps | CreateSafeEffects) {
  if ('predictSafe' in deps) return machine.provide({ actors: effectActors(deps) });
  const nameSafe = nameCreatedSafe(deps);
  return machine.provide({ actors: effectActors(createSafeEffects(deps)), actions: { nameSafe: (_, params) => void nameSafe(params) } });
}
