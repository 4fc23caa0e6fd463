import { useEffect } from 'react';

/** The screen's main content, focusable from script only (tabindex -1): where focus goes when it has nowhere left. */
function focusContent(): void {
  const main = document.getElementById('content') ?? document.querySelector<HTMLElement>('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

/**
 * Focus never drops to the page's body: when the focused control leaves the page (a queue row's Details link
 * on the way to the details, the Confirm button of a transaction that was just executed, a list a refresh
 * re-rendered), focus moves to the screen's main content, so the next Tab goes on from there and a screen reader
 * is not left on nothing. Checked once the removal's own follow-ups ran (a dialog or menu that closed gives focus
 * back to its trigger first), and only when nothing else took focus meanwhile.
 */
export function useFocusKeeper(): void {
  useEffect(() => {
    let last: Element | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const lost = () => !document.activeElement || document.activeElement === document.body;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
    };
    const observer = new MutationObserver(() => {
      if (timer !== null || !lost() || !last || last.isConnected) return;
      timer = setTimeout(() => {
        timer = null;
        if (lost() && last && !last.isConnected) focusContent();
      }, 0);
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
}
