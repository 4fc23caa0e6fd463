/** Gateway samples for the Safe session tests (real 2025 gateway shapes). */
import type { Message, SafeBalances, TransactionDetails, TransactionItem } from '../../../src/services/gateway/types.ts';
import type { ChainInfo, SafeInfo } from '../../../src/machines/safeSession/safeSession.types.ts';
import { sampleChainInfo, sampleQueuePage, sampleSafeInfo, sampleTxDetails } from '../services/gateway/fixtures.ts';

export const SAFE = sampleSafeInfo.address.value;
export const OWNER_A = sampleSafeInfo.owners[0]!.value;
export const STRANGER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
export const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

export const chain: ChainInfo = {
  ...sampleChainInfo,
  shortName: 'devnet',
  chainName: 'Countersign Devnet',
  features: ['ERC721', 'EIP1271', 'SAFE_APPS'],
  blockExplorerUriTemplate: { address: 'https://explorer.test/address/{{address}}', txHash: 'https://explorer.test/tx/{{txHash}}', api: '' },
};
export const otherChain: ChainInfo = { ...chain, chainId: '1', shortName: 'eth', chainName: 'Ethereum' };

export const safeInfo: SafeInfo = sampleSafeInfo;
export const safeInfoChanged: SafeInfo = {
  ...sampleSafeInfo,
  nonce: sampleSafeInfo.nonce + 1,
  txQueuedTag: '1711969001',
  txHistoryTag: '1711969002',
  messagesTag: '1711969003',
  collectiblesTag: '1711969004',
};

export const balances: SafeBalances = {
  fiatTotal: '1234.5',
  items: [
    {
      tokenInfo: { type: 'NATIVE_TOKEN', address: '0x0000000000000000000000000000000000000000', decimals: 18, symbol: 'ETH', name: 'Ether', logoUri: '' },
      balance: '500000000000000000',
      fiatBalance: '1234.499',
      fiatConversion: '2468.998',
    },
    {
      tokenInfo: { type: 'ERC20', address: DAI, decimals: 18, symbol: 'DAI', name: 'Dai Stablecoin', logoUri: '' },
      balance: '1000000000000000',
      fiatBalance: '0.001',
      fiatConversion: '1',
    },
  ],
};

export const fiatCodes = ['USD', 'EUR', 'GBP'];

export const txDetails: TransactionDetails = sampleTxDetails;
export const queueItems: TransactionItem[] = sampleQueuePage.results;

export const message: Message = {
  messageHash: `0x${'5a'.repeat(32)}`,
  status: 'NEEDS_CONFIRMATION',
  logoUri: null,
  name: null,
  message: 'Hello Safe devnet',
  creationTimestamp: 1711968000000,
  modifiedTimestamp: 1711968000000,
  confirmationsSubmitted: 1,
  confirmationsRequired: 2,
  proposedBy: { value: OWNER_A, name: null, logoUri: null },
  confirmations: [{ owner: { value: OWNER_A, name: null, logoUri: null }, signature: `0x${'22'.repeat(65)}` }],
  preparedSignature: null,
  origin: null,
};
