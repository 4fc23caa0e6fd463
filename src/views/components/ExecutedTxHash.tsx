import { CopyButton } from './CopyButton.tsx';
import { fillExplorerTemplate, useExplorerTemplates } from './explorer.tsx';

/** An executed transaction's hash: in full, with copy and a link to the chain's explorer (when the chain has one). */
export function ExecutedTxHash({ hash }: { hash: string }) {
  const templates = useExplorerTemplates();
  const href = fillExplorerTemplate(templates?.txHash, 'txHash', hash);
  return (
    <span className="hash-row">
      <code>{hash}</code> <CopyButton value={hash} label="Transaction hash" />
      {href ? (
        <a href={href} target="_blank" rel="noreferrer">
          View on explorer
        </a>
      ) : null}
    </span>
  );
}
