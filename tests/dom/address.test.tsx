/** Every address shows its address-book name, checksummed, with copy and explorer link. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addressBookMachine } from '../../src/machines/addressBook/addressBook.machine.ts';
import { walletConnectionMachine } from '../../src/machines/walletConnection/walletConnection.machine.ts';
import { Address } from '../../src/views/components/Address.tsx';
import { ExplorerProvider } from '../../src/views/components/explorer.tsx';
import { WalletProvider } from '../../src/views/walletConnection/walletContext.tsx';

const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

afterEach(cleanup);

describe('Address', () => {
  it('shows the address-book name, the checksummed address, copy and explorer link', async () => {
    const addressBook = createActor(
      addressBookMachine.provide({
        actors: { loadEntries: fromPromise(async () => [{ chainId: '31337', address: CHECKSUMMED as `0x${string}`, name: 'Alice (owner)' }]) },
      }),
    ).start();
    await waitFor(addressBook, (s) => s.matches('ready'));
    const wallet = createActor(walletConnectionMachine);
    render(
      <WalletProvider actors={{ wallet, addressBook }}>
        <ExplorerProvider templates={{ address: 'https://explorer.test/address/{{address}}', txHash: 'https://explorer.test/tx/{{txHash}}' }}>
          <Address address={OWNER} name="fallback name" chainId="31337" />
        </ExplorerProvider>
      </WalletProvider>,
    );
    expect(screen.getByText('Alice (owner)')).toBeInTheDocument();
    expect(screen.queryByText('fallback name')).toBeNull();
    // Its identicon, drawn here from the address (blo), decorative: the name and the address are the text.
    const icon = document.querySelector('img.address-identicon');
    expect(icon).toHaveAttribute('alt', '');
    expect(icon?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(CHECKSUMMED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `View ${CHECKSUMMED} on the block explorer` })).toHaveAttribute(
      'href',
      `https://explorer.test/address/${CHECKSUMMED}`,
    );
    addressBook.stop();
  });

  it('falls back to the given name when the address book has none, and to no name without one', () => {
    const { rerender } = render(<Address address={OWNER} name="Safe contract" />);
    expect(screen.getByText('Safe contract')).toBeInTheDocument();
    const first = document.querySelector('img.address-identicon')?.getAttribute('src');
    rerender(<Address address="0x90f79bf6eb2c4f870365e785982e1f101e93b906" />);
    expect(document.querySelector('img.address-identicon')?.getAttribute('src')).not.toBe(first);
    rerender(<Address address="not an address" />);
    expect(document.querySelector('img.address-identicon')).toBeNull();
    rerender(<Address address={OWNER} />);
    expect(screen.queryByText('Safe contract')).toBeNull();
    expect(screen.getByText(CHECKSUMMED)).toBeInTheDocument();
  });

  it("shows a gateway's label only as unverified, and never over the signer's own name", async () => {
    const { rerender, container } = render(<Address address={OWNER} gatewayName="Safe: Treasury" />);
    const label = container.querySelector('.address-label-unverified');
    expect(label).toHaveTextContent('Safe: Treasury (gateway label, unverified)');
    expect(container.querySelector('.address-name')).toBeNull();
    rerender(<Address address={OWNER} name="My name" gatewayName="Safe: Treasury" />);
    expect(screen.getByText('My name')).toBeInTheDocument();
    expect(screen.queryByText(/Safe: Treasury/)).toBeNull();
    const addressBook = createActor(
      addressBookMachine.provide({
        actors: { loadEntries: fromPromise(async () => [{ chainId: '31337', address: CHECKSUMMED as `0x${string}`, name: 'Alice (owner)' }]) },
      }),
    ).start();
    await waitFor(addressBook, (s) => s.matches('ready'));
    rerender(
      <WalletProvider actors={{ wallet: createActor(walletConnectionMachine), addressBook }}>
        <Address address={OWNER} gatewayName="Safe: Treasury" chainId="31337" />
      </WalletProvider>,
    );
    expect(screen.getByText('Alice (owner)')).toBeInTheDocument();
    expect(screen.queryByText(/Safe: Treasury/)).toBeNull();
    addressBook.stop();
  });
});
