/**
 * Demo data for the devnet: on-chain history (seedChain) and off-chain queue/messages via the gateway (seedGateway);
 * on demand, the large-Safe fixture (seedLargeSafe).
 */
export * from './chain.ts';
export * from './offchain.ts';
export * from './largeSafe.ts';
