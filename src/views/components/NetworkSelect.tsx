/** The "Network" field of the create and load forms: one option per chain the gateway serves. */
export function NetworkSelect({ chains, value, onChange, disabled }: { chains: readonly { chainId: string; chainName: string }[]; value: string; onChange: (chainId: string) => void; disabled: boolean }) {
  return (
    <label>
      Network{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {chains.map((c) => (
          <option key={c.chainId} value={c.chainId}>
            {c.chainName}
          </option>
        ))}
      </select>
    </label>
  );
}
