/** Minimal ABIs of the Safe contracts and token standards the services encode, decode and read. */
import { parseAbi } from 'viem';

export const safeAbi = parseAbi([
  'function VERSION() view returns (string)',
  'function nonce() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'function getStorageAt(uint256 offset, uint256 length) view returns (bytes)',
  'function domainSeparator() view returns (bytes32)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address payable refundReceiver, bytes signatures) payable returns (bool success)',
  'function approveHash(bytes32 hashToApprove)',
  'function approvedHashes(address owner, bytes32 hash) view returns (uint256)',
  'function checkSignatures(bytes32 dataHash, bytes data, bytes signatures) view',
]);

/** Safe functions that change its configuration (authorized: only the Safe itself may call them). */
export const safeSettingsAbi = parseAbi([
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
  'function changeThreshold(uint256 _threshold)',
  'function enableModule(address module)',
  'function disableModule(address prevModule, address module)',
  'function setGuard(address guard)',
  'function setModuleGuard(address moduleGuard)',
  'function setFallbackHandler(address handler)',
  'function changeMasterCopy(address _masterCopy)',
]);

export const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable']);

export const safeMigrationAbi = parseAbi([
  'function migrateSingleton()',
  'function migrateWithFallbackHandler()',
  'function migrateL2Singleton()',
  'function migrateL2WithFallbackHandler()',
]);

export const safeToL2MigrationAbi = parseAbi([
  'function migrateToL2(address l2Singleton)',
  'function migrateFromV111(address l2Singleton, address fallbackHandler)',
]);

/** SafeProxyFactory 1.4.1: deploys a proxy with CREATE2 (salt = keccak256(keccak256(initializer) ‖ saltNonce)). */
export const safeProxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function proxyCreationCode() pure returns (bytes)',
  'event ProxyCreation(address indexed proxy, address singleton)',
]);

/** Safe.setup, the initializer a new proxy is called with. */
export const safeSetupAbi = parseAbi([
  'function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'event SafeSetup(address indexed initiator, address[] owners, uint256 threshold, address initializer, address fallbackHandler)',
]);

export const signMessageLibAbi = parseAbi(['function signMessage(bytes _data)', 'function getMessageHash(bytes message) view returns (bytes32)']);

export const fallbackHandlerAbi = parseAbi([
  'function getMessageHashForSafe(address safe, bytes message) view returns (bytes32)',
  'function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)',
]);

export const eip1271Abi = parseAbi([
  'function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)',
]);
export const eip1271LegacyAbi = parseAbi(['function isValidSignature(bytes _data, bytes _signature) view returns (bytes4)']);

export const erc20Abi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
]);

export const erc721Abi = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
]);

/** Storage slots read directly (Safe ≥ 1.3.0). */
export const GUARD_STORAGE_SLOT = '0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8';
export const FALLBACK_HANDLER_STORAGE_SLOT = '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5';
/** Slot 0 of every Safe proxy holds the singleton (masterCopy) address. */
export const SINGLETON_STORAGE_SLOT = '0x0000000000000000000000000000000000000000000000000000000000000000';
export const SENTINEL_ADDRESS = '0x0000000000000000000000000000000000000001';
