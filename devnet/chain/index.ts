/**
 * The devnet's chain side: anvil process control, the canonical Safe 1.4.1 deployment and Allowance module, test tokens, Safe
 * creation and local signing/execution helpers. Node only (spawns processes, reads npm artifacts).
 */
export * from './abis.ts';
export * from './accounts.ts';
export * from './allowance.ts';
export * from '../../src/domain/safe/allowance.ts';
export * from './anvil.ts';
export * from './artifacts.ts';
export * from './clients.ts';
export * from './safe.ts';
export * from './safeContracts.ts';
export * from './tokens.ts';
export * from './watchdog.ts';
