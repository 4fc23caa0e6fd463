/**
 * The machines the root actor runs from a cold load (itself and its children: the wallet connection, the address
 * book, the open Safe's session with its lists and details openers), with what versions their event-log records:
 * id, machine and schemaVersion, the same as their entries in src/machines/registry.ts
 * (tests/unit/registry-boot.test.ts checks that). The root's event capture reads this list, so a cold load does
 * not download the full registry with every flow machine and every sample (decision 0019).
 */
import { appSessionMachine } from './appSession/appSession.machine.ts';
import { walletConnectionMachine } from './walletConnection/walletConnection.machine.ts';
import { addressBookMachine } from './addressBook/addressBook.machine.ts';
import { queueListMachine, safeSessionMachine } from './safeSession/safeSession.machine.ts';
import { txDetailsMachine } from './safeSession/details.machine.ts';
import type { VersionedMachine } from './machineVersion.ts';

export const BOOT_MACHINES: readonly VersionedMachine[] = [
  { id: 'appSession', machine: appSessionMachine, schemaVersion: 1 },
  { id: 'walletConnection', machine: walletConnectionMachine, schemaVersion: 1 },
  { id: 'addressBook', machine: addressBookMachine, schemaVersion: 1 },
  { id: 'safeSession', machine: safeSessionMachine, schemaVersion: 1 },
  { id: 'pagedList', machine: queueListMachine, schemaVersion: 1 },
  { id: 'details', machine: txDetailsMachine, schemaVersion: 1 },
];
