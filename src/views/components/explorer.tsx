/**
 * Where addresses and transaction hashes link to: the open chain's block explorer templates
 * (`blockExplorerUriTemplate` of the gateway chain config, with `{{address}}` / `{{txHash}}` placeholders).
 * A Safe session provides them; outside a Safe there is no explorer and no link is drawn.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface ExplorerTemplates {
  address: string;
  txHash: string;
}

const ExplorerContext = createContext<ExplorerTemplates | null>(null);

export function ExplorerProvider({ templates, children }: { templates: ExplorerTemplates | null; children: ReactNode }) {
  return <ExplorerContext.Provider value={templates}>{children}</ExplorerContext.Provider>;
}

export function useExplorerTemplates(): ExplorerTemplates | null {
  return useContext(ExplorerContext);
}

/** Fills a `{{name}}` template; returns null for an empty template or one that is not an http(s) URL. */
export function fillExplorerTemplate(template: string | undefined, name: 'address' | 'txHash', value: string): string | null {
  if (!template) return null;
  const url = template.split(`{{${name}}}`).join(value);
  return /^https?:\/\//i.test(url) ? url : null;
}
