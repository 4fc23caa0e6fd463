export * from './client.ts';
export * from './reads.ts';
export * from './wallet.ts';
export * from './simulate.ts';
