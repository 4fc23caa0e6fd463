/** A chain's display name from the names the root sent, or `chain <id>` when the gateway does not list it. */
export function chainLabel(names: Readonly<Record<string, string>>, chainId: string | null): string {
  if (chainId === null) return 'no network';
  return names[chainId] ?? `chain ${chainId}`;
}
