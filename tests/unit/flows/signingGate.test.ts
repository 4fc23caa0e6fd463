/** While the event log cannot save, the wallet is never asked to sign or send; reads still reach it (decision 0050). */
import { describe, expect, it } from 'vitest';
import { asksTheWallet, gateWallet, SIGNING_PAUSED_TEXT } from '../../../src/services/flows/signingGate.ts';
import { classifyWalletError } from '../../../src/services/transactionFlow/wallet.ts';

describe('signing gate', () => {
  it('refuses every signing or sending request while paused, before the wallet sees it, and passes reads', async () => {
    const asked: string[] = [];
    const wallet = { request: async ({ method }: { method: string }) => (asked.push(method), method === 'eth_chainId' ? '0x7a69' : '0xsig') };
    let paused = true;
    const gated = gateWallet(() => wallet, () => paused)()!;
    expect(await gated.request({ method: 'eth_chainId' })).toBe('0x7a69');
    for (const method of ['eth_signTypedData_v4', 'personal_sign', 'eth_sendTransaction', 'eth_sign']) {
      const refusal = await gated.request({ method }).catch((error: unknown) => error);
      // The flows' wallet effects pass it on as it is: the flow shows the text.
      expect(classifyWalletError(refusal, 'sign')).toEqual({ kind: 'other', message: SIGNING_PAUSED_TEXT });
    }
    expect(asked).toEqual(['eth_chainId']);
    paused = false;
    expect(await gated.request({ method: 'eth_signTypedData_v4' })).toBe('0xsig');
    expect(asked).toEqual(['eth_chainId', 'eth_signTypedData_v4']);
  });

  it('no wallet stays no wallet; reads are not requests that ask', () => {
    expect(gateWallet(() => null, () => true)()).toBeNull();
    expect(['eth_accounts', 'eth_chainId', 'eth_call', 'wallet_switchEthereumChain'].filter(asksTheWallet)).toEqual([]);
  });
});
