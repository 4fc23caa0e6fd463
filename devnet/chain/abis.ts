/**
 * Typed ABIs (viem `parseAbi`, so reads/writes/logs are fully typed) for the Safe 1.4.1 contracts and the
 * OpenZeppelin 4.9.6 token presets used by the devnet. The signatures are copied from the compiled artifacts in
 * @safe-global/safe-contracts@1.4.1 and @openzeppelin/contracts@4.9.6 (a test checks them against the artifacts).
 */
import { parseAbi } from 'viem';

export const safeAbi = parseAbi([
  'event AddedOwner(address indexed owner)',
  'event ApproveHash(bytes32 indexed approvedHash, address indexed owner)',
  'event ChangedFallbackHandler(address indexed handler)',
  'event ChangedGuard(address indexed guard)',
  'event ChangedThreshold(uint256 threshold)',
  'event DisabledModule(address indexed module)',
  'event EnabledModule(address indexed module)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFromModuleFailure(address indexed module)',
  'event ExecutionFromModuleSuccess(address indexed module)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event RemovedOwner(address indexed owner)',
  'event SafeModuleTransaction(address module, address to, uint256 value, bytes data, uint8 operation)',
  'event SafeMultiSigTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures, bytes additionalInfo)',
  'event SafeReceived(address indexed sender, uint256 value)',
  'event SafeSetup(address indexed initiator, address[] owners, uint256 threshold, address initializer, address fallbackHandler)',
  'event SignMsg(bytes32 indexed msgHash)',
  'function VERSION() view returns (string)',
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function approveHash(bytes32 hashToApprove)',
  'function approvedHashes(address, bytes32) view returns (uint256)',
  'function changeThreshold(uint256 _threshold)',
  'function checkNSignatures(bytes32 dataHash, bytes data, bytes signatures, uint256 requiredSignatures) view',
  'function checkSignatures(bytes32 dataHash, bytes data, bytes signatures) view',
  'function disableModule(address prevModule, address module)',
  'function domainSeparator() view returns (bytes32)',
  'function enableModule(address module)',
  'function encodeTransactionData(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)',
  'function execTransactionFromModule(address to, uint256 value, bytes data, uint8 operation) returns (bool success)',
  'function getChainId() view returns (uint256)',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'function getOwners() view returns (address[])',
  'function getStorageAt(uint256 offset, uint256 length) view returns (bytes)',
  'function getThreshold() view returns (uint256)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
  'function isModuleEnabled(address module) view returns (bool)',
  'function isOwner(address owner) view returns (bool)',
  'function nonce() view returns (uint256)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function setFallbackHandler(address handler)',
  'function setGuard(address guard)',
  'function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function signedMessages(bytes32) view returns (uint256)',
  'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
]);

export const safeProxyFactoryAbi = parseAbi([
  'event ProxyCreation(address indexed proxy, address singleton)',
  'function createChainSpecificProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function createProxyWithCallback(address _singleton, bytes initializer, uint256 saltNonce, address callback) returns (address proxy)',
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function getChainId() view returns (uint256)',
  'function proxyCreationCode() pure returns (bytes)',
]);

export const compatibilityFallbackHandlerAbi = parseAbi([
  'function encodeMessageDataForSafe(address safe, bytes message) view returns (bytes)',
  'function getMessageHash(bytes message) view returns (bytes32)',
  'function getMessageHashForSafe(address safe, bytes message) view returns (bytes32)',
  'function getModules() view returns (address[])',
  'function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)',
  'function isValidSignature(bytes _data, bytes _signature) view returns (bytes4)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
]);

export const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable']);

export const signMessageLibAbi = parseAbi([
  'event SignMsg(bytes32 indexed msgHash)',
  'function getMessageHash(bytes message) view returns (bytes32)',
  'function signMessage(bytes _data)',
]);

export const createCallAbi = parseAbi([
  'event ContractCreation(address indexed newContract)',
  'function performCreate(uint256 value, bytes deploymentData) returns (address newContract)',
  'function performCreate2(uint256 value, bytes deploymentData, bytes32 salt) returns (address newContract)',
]);

/** ERC20PresetMinterPauser (OZ 4.9.6), the parts the devnet uses. */
export const erc20Abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function mint(address to, uint256 amount)',
]);

/** ERC721PresetMinterPauserAutoId (OZ 4.9.6), the parts the devnet uses. */
export const erc721Abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function tokenByIndex(uint256 index) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function approve(address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function mint(address to)',
]);
