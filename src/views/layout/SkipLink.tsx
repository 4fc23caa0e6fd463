import type { MouseEvent } from 'react';

/** The first tab stop: jumps past the navigation to the screen's content (visible only when focused). */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById('content');
    if (!main) return;
    // Moving focus ourselves keeps the URL (and the app's location) unchanged.
    event.preventDefault();
    main.focus();
  }
  return (
    <a className="skip-link" href="#content" onClick={skip}>
      Skip to content
    </a>
  );
}
