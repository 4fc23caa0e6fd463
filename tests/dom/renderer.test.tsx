/**
 * The DOM tests render with what ships: preact/compat, aliased for react and react-dom in vitest.config.ts as in
 * vite.config.ts (decision 0073). If a library that imports React ran through Node's own loader instead, it would get
 * react-dom, a second renderer that shares no hooks or context with ours; this fails then.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { options } from 'preact';
import { useId, useState, version } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

describe('the DOM tests’ renderer', () => {
  it('is preact/compat, for our components, Radix and Testing Library alike', () => {
    expect(version).toBe('19.0.0'); // preact/compat's answer; React itself is 19.3.1
    const rendered = new Set<unknown>();
    const previous = options.diffed;
    options.diffed = (vnode) => {
      rendered.add(vnode.type);
      previous?.(vnode);
    };
    function Labelled() {
      const id = useId();
      const [open] = useState(true);
      return (
        <Dialog.Root open={open}>
          <Dialog.Portal>
            <Dialog.Content aria-describedby={undefined}>
              <Dialog.Title>Renderer check</Dialog.Title>
              <p id={id}>with an id of its own</p>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      );
    }
    try {
      render(<Labelled />);
    } finally {
      options.diffed = previous;
    }
    const dialog = screen.getByRole('dialog', { name: 'Renderer check' });
    // Preact's useId ('P0-0'): a valid, unique HTML id, as axe requires of the ids the views give aria-* attributes.
    const own = dialog.querySelector('p')!.id;
    expect(own).toMatch(/^[A-Za-z][\w-]*$/);
    expect(document.querySelectorAll(`[id="${own}"]`)).toHaveLength(1);
    expect(rendered.has(Labelled)).toBe(true);
    // Radix's components went through Preact's diff too (they would not with react-dom).
    expect(rendered.has(Dialog.Content)).toBe(true);
  });

  it('has React’s act: it flushes the updates and resolves to what the callback returned', async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          Pressed {count}
        </button>
      );
    }
    const { unmount } = render(<Counter />);
    expect(await act(async () => 'async result')).toBe('async result');
    expect(await act(() => 'sync result')).toBe('sync result');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('Pressed 1'); // flushed before act returned
    const close = await act(async () => unmount);
    await act(async () => close());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders each event’s updates before the next event inside one act, as React does for discrete events', async () => {
    function Form() {
      const [form, setForm] = useState({ name: '', chain: '1' });
      return (
        <form aria-label="Form">
          <input aria-label="Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          <select aria-label="Chain" value={form.chain} onChange={(e) => setForm({ ...form, chain: e.target.value })}>
            <option value="1">One</option>
            <option value="2">Two</option>
          </select>
        </form>
      );
    }
    render(<Form />);
    await act(async () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Treasury' } });
      fireEvent.change(screen.getByRole('combobox', { name: 'Chain' }), { target: { value: '2' } });
    });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Treasury');
    expect(screen.getByRole('combobox', { name: 'Chain' })).toHaveValue('2');
  });
});
