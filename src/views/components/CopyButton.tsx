import { useEffect, useState } from 'react';

export interface CopyButtonProps {
  /** The exact text put on the clipboard. */
  value: string;
  /** What is copied, for the accessible name: "Copy <label>". */
  label: string;
  className?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `value` to the clipboard. The accessible name is "Copy <label>"; the outcome is announced in a
 * polite live region ("Copied" / "Copy failed") and cleared after a moment.
 */
export function CopyButton({ value, label, className }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className={className ? `copy ${className}` : 'copy'}>
      <button type="button" className="copy-button" aria-label={`Copy ${label}`} title={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
      <span aria-live="polite" className="copy-status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </span>
  );
}
