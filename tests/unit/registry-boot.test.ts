import { describe, expect, it } from 'vitest';
import { BOOT_MACHINES } from '../../src/machines/registry.boot.ts';
import { MACHINES, versionOf } from '../../src/machines/registry.ts';
import { SAFE_SESSION_MACHINES } from '../../src/machines/safeSession/safeSession.registry.ts';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import type { AnyStateMachine } from 'xstate';

/** The state machines among a machine's actors, and theirs, recursively (promise actors are not logged). */
function childMachines(machine: AnyStateMachine, seen = new Set<string>()): Set<string> {
  for (const logic of Object.values(machine.implementations.actors) as unknown[]) {
    const child = logic as Partial<AnyStateMachine>;
    if (!child.root || typeof child.id !== 'string' || seen.has(child.id)) continue;
    seen.add(child.id);
    childMachines(child as AnyStateMachine, seen);
  }
  return seen;
}

// The root's event capture versions its records from the boot list (decision 0019): it must say what the registry says.
describe('registry.boot', () => {
  it('lists each boot machine as the registry does (same machine, same schemaVersion, so the same version)', async () => {
    for (const boot of BOOT_MACHINES) {
      const entry = MACHINES.find((m) => m.id === boot.id);
      expect(entry, boot.id).toBeDefined();
      expect(boot.machine).toBe(entry!.machine);
      expect(boot.schemaVersion).toBe(entry!.schemaVersion);
      expect(await versionOf(boot)).toEqual(await versionOf(entry!));
    }
  });

  it('covers the root actor and every child it runs: the wallet, the address book, the Safe session and its children', () => {
    const ids = BOOT_MACHINES.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['appSession', 'walletConnection', 'addressBook', ...SAFE_SESSION_MACHINES.map((m) => m.id)]));
    expect(ids).toEqual(expect.arrayContaining([...childMachines(appSessionMachine)]));
  });
});
