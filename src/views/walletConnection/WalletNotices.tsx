import { CONNECTION_RETRIES, WALLET_TEXTS } from '../../machines/walletConnection/walletConnection.logic.ts';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { chainLabel } from './chainLabel.ts';
import { useWallet, useWalletSend } from './walletContext.tsx';

/**
 * Wallet banners under the header: connection failures (with a retry), no wallet available, automatic retry
 * in progress, and the wrong-chain / unsupported-chain states with a working "Switch to <chain>" button.
 * Renders nothing when there is nothing to say.
 */
export function WalletNotices() {
  const send = useWalletSend();
  const { failed, unavailable, retrying, chainFit, switching, switchFailed, canSwitchChain: canSwitch, error, retries, walletChainId: walletChain, requiredChainId: requiredChain, chainNames } =
    useWallet(connectWalletConnection, shallowEqualViewModel);
  const wrongChain = chainFit === 'wrongChain';
  const unsupportedChain = chainFit === 'unsupportedChain';

  if (retrying) {
    return (
      <p role="status" className="banner">
        Connecting the wallet failed: {error?.message} Retrying ({retries} of {CONNECTION_RETRIES})…
      </p>
    );
  }
  if (failed || unavailable) {
    return (
      <div role="alert" className="banner banner-error">
        <strong>{unavailable ? 'Wallet not available.' : 'Could not connect the wallet.'}</strong> {error?.message}{' '}
        <button type="button" onClick={() => send({ type: 'user.connect' })}>
          Try again
        </button>{' '}
        <button type="button" onClick={() => send({ type: 'user.dismiss' })}>
          Dismiss
        </button>
      </div>
    );
  }
  if (!wrongChain && !unsupportedChain) return null;
  const target = chainLabel(chainNames, requiredChain);
  const current = chainLabel(chainNames, walletChain);
  return (
    <div role="alert" className="banner banner-error wallet-network">
      <strong>{WALLET_TEXTS.wrongNetwork}</strong>{' '}
      {unsupportedChain ? (
        <span>Your wallet is on {current}, which this gateway does not support.</span>
      ) : (
        <span>
          Your wallet is on {current}; this Safe is on {target}.
        </span>
      )}{' '}
      {switchFailed && error ? <span className="wallet-error">{error.message}</span> : null}{' '}
      {canSwitch || switching ? (
        <button type="button" onClick={() => send({ type: 'user.switchChain' })} disabled={switching}>
          {switching ? `Switching to ${target}…` : `Switch to ${target}`}
        </button>
      ) : (
        <span>Choose a supported network in your wallet.</span>
      )}{' '}
      {switchFailed ? (
        <button type="button" onClick={() => send({ type: 'user.dismiss' })}>
          Dismiss
        </button>
      ) : null}{' '}
      <button type="button" onClick={() => send({ type: 'user.disconnect' })}>
        Disconnect
      </button>
    </div>
  );
}
