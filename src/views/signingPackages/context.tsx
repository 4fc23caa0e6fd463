import { useMemo } from 'react';
import type { SigningPackagesPort } from '../../machines/shared/signingPackages.ts';
import { useFlowsPort } from '../flows/flowsContext.tsx';

/** The signing-package port (decision 0055), loaded with the flows on first use; null when the app offers none. */
export function useSigningPackages(): SigningPackagesPort | null {
  const flows = useFlowsPort();
  return useMemo(() => {
    const load = flows?.signingPackages?.bind(flows);
    if (!load) return null;
    return {
      share: async (...args) => (await load()).share(...args),
      importText: async (...args) => (await load()).importText(...args),
      list: async (...args) => (await load()).list(...args),
      propose: async (...args) => (await load()).propose(...args),
    };
  }, [flows]);
}
