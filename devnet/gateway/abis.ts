// Minimal typed ABIs the gateway needs (signatures from @safe-global/safe-contracts 1.4.1 and ERC20/721).
import { parseAbi } from 'viem';

export const safeAbi = parseAbi([
  'event ApproveHash(bytes32 indexed approvedHash, address indexed owner)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFromModuleFailure(address indexed module)',
  'event ExecutionFromModuleSuccess(address indexed module)',
  'event SafeModuleTransaction(address module, address to, uint256 value, bytes data, uint8 operation)',
  'event SafeMultiSigTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures, bytes additionalInfo)',
  'event SafeReceived(address indexed sender, uint256 value)',
  'event SafeSetup(address indexed initiator, address[] owners, uint256 threshold, address initializer, address fallbackHandler)',
  'function VERSION() view returns (string)',
  'function nonce() view returns (uint256)',
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'function approvedHashes(address, bytes32) view returns (uint256)',
  'function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)',
  'function simulateAndRevert(address targetContract, bytes calldataPayload)',
  // settings methods (decoded into SettingsChange)
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
  'function changeThreshold(uint256 _threshold)',
  'function enableModule(address module)',
  'function disableModule(address prevModule, address module)',
  'function setGuard(address guard)',
  'function setFallbackHandler(address handler)',
  'function changeMasterCopy(address _masterCopy)',
  // other Safe calls the decoder knows
  'function approveHash(bytes32 hashToApprove)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
  'function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
]);

export const SETTINGS_METHODS = new Set([
  'addOwnerWithThreshold',
  'removeOwner',
  'swapOwner',
  'changeThreshold',
  'enableModule',
  'disableModule',
  'setGuard',
  'setFallbackHandler',
  'changeMasterCopy',
]);

export const proxyFactoryAbi = parseAbi([
  'event ProxyCreation(address indexed proxy, address singleton)',
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function createChainSpecificProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function createProxyWithCallback(address _singleton, bytes initializer, uint256 saltNonce, address callback) returns (address proxy)',
]);

export const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable']);
export const signMessageLibAbi = parseAbi(['function signMessage(bytes _data)']);
export const createCallAbi = parseAbi([
  'function performCreate(uint256 value, bytes deploymentData) returns (address newContract)',
  'function performCreate2(uint256 value, bytes deploymentData, bytes32 salt) returns (address newContract)',
]);
export const simulateTxAccessorAbi = parseAbi([
  'function simulate(address to, uint256 value, bytes data, uint8 operation) returns (uint256 estimate, bool success, bytes returnData)',
]);

export const erc20Abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
]);

export const erc721Abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
]);
