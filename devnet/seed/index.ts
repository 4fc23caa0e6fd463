/** Demo data for the devnet: on-chain history (seedChain) and off-chain queue/messages via the gateway (seedGateway). */
export * from './chain.ts';
export * from './offchain.ts';
