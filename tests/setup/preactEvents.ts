/**
 * `fireEvent.change` fires what a browser fires when a value is typed, pasted or picked: `input`, then `change`.
 * The views render with preact/compat (decision 0073), which binds a text field's `onChange` to the `input` event —
 * the one a browser fires on every keystroke — where React listened to `change` too; a lone synthetic `change` on a
 * text field is something no browser sends. Selects, checkboxes and file fields still react to `change` (compat binds
 * those to it). Under React the extra `input` is deduplicated by React's value tracking, so this holds for either.
 */
import { fireEvent } from '@testing-library/react';
import { options } from 'preact';

const change = fireEvent.change;
fireEvent.change = (element, init) => {
  fireEvent.input(element, init);
  return change(element, init);
};

/**
 * Preact runs effects after the next frame (requestAnimationFrame, or 35 ms without one); jsdom paints no frames.
 * Here they run in the next task, about when React runs the effects of a render an event caused — what Radix's
 * `onValueChange` (called from an effect) and the views' effects are checked against. act() still flushes them itself.
 */
options.requestAnimationFrame = (flush) => void setTimeout(flush);
