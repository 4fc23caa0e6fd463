/**
 * What the event log needs to know of a registered machine, without the registry itself: the entry's shape, the
 * restore rule's names and the machine version (definition hash + schemaVersion). The event capture, replay and
 * the boot registry (registry.boot.ts) import this module, so a cold load does not download every machine of
 * src/machines/registry.ts (decision 0019).
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { PrivateFields, Redactor } from './privateFields.ts';

export type { PrivateFields };

export const NON_IDEMPOTENT_TAG = 'nonIdempotent';
export const RECOVER_EVENT_TYPE = 'system.recover';

export interface RegisteredMachine {
  id: string;
  title: string;
  description: string;
  machine: AnyStateMachine;
  /** Bump when event payloads or guard/action bodies change meaning (the definition hash cannot see them). */
  schemaVersion: number;
  /**
   * Earlier definitions whose logs this machine still replays: a change that only renamed or moved code changes
   * the hash, not the meaning. Their records verify and restore; the replay still checks every recorded state
   * (src/machines/earlierVersions.ts lists them).
   */
  replaysVersions?: readonly EarlierVersion[];
  /** A representative input (QA paths, diagrams). */
  sampleInput: unknown;
  /** Further inputs for machines whose branches are chosen by their input (e.g. a flow's mode); QA paths explore each. */
  extraSampleInputs?: unknown[];
  /** Every event QA paths and model tests explore, with payload samples (JSON only). */
  sampleEvents: AnyEventObject[];
  /** Vertex identity for path generation; collapse context that would blow up the state space. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /**
   * Vertex identity for the simple paths of QA plans (default: the state value). Machines with parallel regions
   * collapse the regions that change independently: every combination of their states would otherwise make
   * hundreds of thousands of simple paths. The shortest paths still reach every state.
   */
  simplePathState?: (snapshot: AnyMachineSnapshot) => string;
  /** Personal data and credentials among its event payloads and context: the event log stores them redacted (decision 0048). */
  privateFields?: PrivateFields;
  /** The redaction of `privateFields`, given by the registry to each entry that declares some (MACHINES). */
  redactor?: Redactor;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 (hex) of `JSON.stringify(machine.root.definition)`. */
export function definitionHash(machine: AnyStateMachine): Promise<string> {
  return sha256Hex(JSON.stringify(machine.root.definition));
}

export interface MachineVersion {
  machineId: string;
  /** The definition hash. */
  machineVersion: string;
  schemaVersion: number;
}

/** What a machine's version is computed from: the part of a registry entry the event capture needs. */
export type VersionedMachine = Pick<RegisteredMachine, 'id' | 'machine' | 'schemaVersion' | 'privateFields' | 'redactor'>;

export async function versionOf(entry: VersionedMachine): Promise<MachineVersion> {
  return { machineId: entry.id, machineVersion: await definitionHash(entry.machine), schemaVersion: entry.schemaVersion };
}

/** An earlier definition of a machine whose records replay on today's. */
export interface EarlierVersion {
  /** Its definition hash. */
  hash: string;
  /** What changed since, and why its records replay unchanged. */
  note: string;
  /**
   * Today's context as that version kept it, when today's keeps more (fields added with defaults): the context digest
   * a record of that version carries covers only what it kept.
   */
  context?: (context: Record<string, unknown>) => unknown;
  /**
   * Today's state value as that version had it, when today's has more (a parallel region added whose state that
   * version could not leave): the value a record of that version carries has none of it.
   */
  value?: (value: unknown) => unknown;
  /**
   * That version's own definition, built from today's machine (its implementations kept), when its records take
   * another path through today's: a state added between two recorded ones. Replay folds that version's records on it.
   * Its definition hash is `hash` (tests/unit/eventLog/earlierMachines.test.ts).
   */
  machine?: (today: AnyStateMachine) => AnyStateMachine;
}

/** Whether a record written at `recorded` replays on this build's machine: its own version, or one it still replays. */
export function replaysVersion(entry: Pick<RegisteredMachine, 'replaysVersions'>, current: string, recorded: string): boolean {
  return recorded === current || (entry.replaysVersions?.some((v) => v.hash === recorded) ?? false);
}

/** The state value to compare with a record of version `recorded`: today's, or today's as that version had it. */
export function valueAsRecorded(entry: Pick<RegisteredMachine, 'replaysVersions'>, recorded: string, value: unknown): unknown {
  const earlier = entry.replaysVersions?.find((v) => v.hash === recorded);
  return earlier?.value ? earlier.value(value) : value;
}

/** The context to compare with a record of version `recorded`: today's, or today's as that version kept it. */
export function contextAsRecorded(entry: Pick<RegisteredMachine, 'replaysVersions'>, recorded: string, context: Record<string, unknown>): unknown {
  const earlier = entry.replaysVersions?.find((v) => v.hash === recorded);
  return earlier?.context ? earlier.context(context) : context;
}

const earlierMachines = new WeakMap<EarlierVersion, { today: AnyStateMachine; machine: AnyStateMachine }>();

/** The machine a record of version `recorded` replays on: that version's own definition when it has one, else today's. */
export function machineAsRecorded(entry: Pick<RegisteredMachine, 'machine' | 'replaysVersions'>, recorded: string): AnyStateMachine {
  const earlier = entry.replaysVersions?.find((v) => v.hash === recorded);
  if (!earlier?.machine) return entry.machine;
  const built = earlierMachines.get(earlier);
  if (built?.today === entry.machine) return built.machine;
  const machine = earlier.machine(entry.machine);
  earlierMachines.set(earlier, { today: entry.machine, machine });
  return machine;
}

/** How a record of another version is replayed: on which machine, and what of today's value and context it kept. */
export interface AsRecorded {
  machine(version: string): AnyStateMachine;
  context(version: string, context: Record<string, unknown>): unknown;
  value(version: string, value: unknown): unknown;
}

/** The registry entry's earlier versions as replay uses them (today's own records: today's machine, value and context). */
export function asRecordedBy(entry: Pick<RegisteredMachine, 'machine' | 'replaysVersions'>): AsRecorded {
  return {
    machine: (version) => machineAsRecorded(entry, version),
    context: (version, context) => contextAsRecorded(entry, version, context),
    value: (version, value) => valueAsRecorded(entry, version, value),
  };
}
