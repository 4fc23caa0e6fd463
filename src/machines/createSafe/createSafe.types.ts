import type { Hex } from 'viem';
import type { ChainOption } from '../loadSafe/loadSafe.types.ts';
import type { ExecutionPlan, WalletFailure } from '../transactionFlow/transactionFlow.types.ts';
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import type { DeviceExecutionFields } from '../shared/deviceExecution.ts';
import type { HexAddress } from '../walletConnection/walletConnection.types.ts';

export type { ChainOption, WalletFailure };

/** One signer row of the form: the name is optional (the address book's name is shown when it has one). */
export interface OwnerRow {
  name: string;
  address: string;
}

export interface CreateSafeForm {
  /**
   * The new Safe's name (optional): once the Safe is created it becomes the address book's name for it. Absent in
   * a visit where the user never typed one (and in every visit recorded before the field existed).
   */
  name?: string;
  chainId: string;
  owners: OwnerRow[];
  /** Confirmations required, 1..owners. */
  threshold: number;
  /** Decimal uint256, or '' for the first salt nonce whose Safe is not deployed yet (from 0, like Safe{Wallet}). */
  saltNonce: string;
}

/** What is wrong with the form; null fields are fine. `owners` has one entry per row. */
export interface CreateSafeFormErrors {
  /** Present only when the name is refused (so the errors of a form without a name problem are as they were). */
  name?: string;
  chain: string | null;
  owners: (string | null)[];
  /** About the list as a whole (e.g. no signer at all). */
  ownerList: string | null;
  threshold: string | null;
  saltNonce: string | null;
}

/** The connected wallet as the wallet child of the root actor holds it (decimal chain id). */
export interface CreateSafeWallet {
  address: HexAddress;
  chainId: string;
  /** The device the wallet signs on (hardware or remote signer, issue 19); absent for a browser wallet. */
  device?: SignerDevice;
}

export interface CreateSafeInput {
  wallet: CreateSafeWallet | null;
  /** `?chain=<shortName>` preselects a network. */
  chainShortName?: string | undefined;
  /** `?owner=<address>` makes that address the only signer of a new form: a Safe owned by another Safe (decision 0065). */
  owner?: string | undefined;
}

export interface CreateSafeSetup {
  chains: ChainOption[];
}

/** The Safe as it will be deployed: checksummed owners, threshold and the salt nonce used. */
export interface SafeDeployment {
  chainId: string;
  owners: HexAddress[];
  threshold: number;
  saltNonce: string;
}

export interface PredictInput {
  chainId: string;
  owners: HexAddress[];
  threshold: number;
  /** null: find the first free one from 0. */
  saltNonce: string | null;
}

export interface Prediction {
  /** The CREATE2 address, computed locally. */
  address: HexAddress;
  saltNonce: string;
}

export interface DeployInput extends SafeDeployment {
  chainName: string;
  account: HexAddress | null;
  /** The predicted address (the effect checks the transaction it sends deploys exactly there). */
  address: HexAddress;
  /** With a device: the nonce, gas and fees fixed before its prompt, sent exactly (issue 19); absent otherwise. */
  execution?: ExecutionPlan | undefined;
  /** The device's name, for its errors' texts. */
  deviceName?: string | undefined;
}

export interface DeployOutput {
  txHash: Hex;
  /** What the device changed in the deployment the signer checked (read back from the chain); absent without a device. */
  changes?: string[];
}

export interface CheckDeploymentInput {
  chainId: string;
  address: HexAddress;
}

export interface CheckDeploymentOutput {
  /** Code is at the predicted address. */
  deployed: boolean;
}

export interface TrackDeploymentInput {
  chainId: string;
  address: HexAddress;
  /** null after a restore: the code at the address is checked instead of a receipt. */
  txHash: Hex | null;
}

/** The new Safe and the name the user gave it (the `nameSafe` action writes it to the address book). */
export interface NamedSafe {
  chainId: string;
  address: HexAddress;
  /** Trimmed; '' when the user gave none. */
  name: string;
}

export interface TrackDeploymentOutput {
  status: 'SUCCESS' | 'FAILED';
  txHash: Hex | null;
}

/** The machine's effects, implemented once by src/services/createSafe.ts. */
export interface CreateSafeEffects {
  /** The chains the gateway lists. */
  loadSetup(): Promise<CreateSafeSetup>;
  /** The CREATE2 address (with the first free salt nonce when none is given); rejects with `{ kind: 'alreadyDeployed' }` when the chosen one is taken. */
  predictSafe(input: PredictInput): Promise<Prediction>;
  /** A device deploys: nonce, gas and fees fixed here before its prompt (issue 19); rejects with a WalletFailure. */
  prepareDeployment(input: DeployInput): Promise<ExecutionPlan>;
  /** Asks the wallet to send createProxyWithNonce (not idempotent). */
  deploySafe(input: DeployInput): Promise<DeployOutput>;
  /** After a restore: is there code at the predicted address? */
  checkDeployment(input: CheckDeploymentInput): Promise<CheckDeploymentOutput>;
  /** The receipt, code at the address, and the gateway listing the new Safe. */
  waitForDeployment(input: TrackDeploymentInput): Promise<TrackDeploymentOutput>;
}

/** With a device, the execution-hash step's fields (issue 19, decision 0070): absent otherwise. */
export interface CreateSafeContext extends DeviceExecutionFields {
  chains: ChainOption[];
  wallet: CreateSafeWallet | null;
  form: CreateSafeForm;
  errors: CreateSafeFormErrors | null;
  /** Owners, threshold and salt nonce of the Safe under review (set when the form is valid). */
  deployment: SafeDeployment | null;
  prediction: Prediction | null;
  txHash: Hex | null;
  walletFailure: WalletFailure | null;
  /** A problem with an effect (gateway or node unreachable, …). */
  error: string | null;
  prefill: { chainShortName: string | null };
}

export type CreateSafeEvent =
  | { type: 'user.submit'; form: CreateSafeForm }
  /** The form as typed so far (sent after a pause and when a field loses focus), so a reload keeps the draft. */
  | { type: 'user.editDraft'; form: CreateSafeForm }
  /** Drop this visit (its draft, its review) and start afresh. */
  | { type: 'user.discard' }
  | { type: 'user.back' }
  | { type: 'user.deploy' }
  /** The signer says the device shows the deployment the screen shows (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  | { type: 'user.retry' }
  | { type: 'user.check' }
  | { type: 'system.walletChanged'; wallet: CreateSafeWallet | null }
  | { type: 'system.recover' };
