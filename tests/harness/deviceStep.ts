/**
 * The execution-hash step (issue 19, decision 0070) as a model test drives and checks it in any flow's view: the
 * lines the device will show (computed here from the plan, as the device computes them from the bytes it gets), the
 * signer's tick and Continue, and the report of what the device changed.
 */
import { act, fireEvent, within } from '@testing-library/react';
import { expect } from 'vitest';
import { executionDisplay } from '../../src/domain/wallet/deviceDisplay.ts';
import { unsignedExecutionOf } from '../../src/machines/shared/deviceExecution.ts';
import type { ExecutionPlan } from '../../src/machines/transactionFlow/transactionFlow.types.ts';

/** The step shows the heading and every line of the plan as the device will show it; Continue waits for the tick. */
export function expectExecutionCheck(scope: HTMLElement, plan: ExecutionPlan, device = 'Ledger') {
  expect(within(scope).getByRole('heading', { name: `Check the execution on your ${device}` })).toBeInTheDocument();
  const lines = within(scope).getByLabelText(`What your ${device} will show`);
  for (const line of executionDisplay(unsignedExecutionOf(plan))) expect(lines).toHaveTextContent(`${line.label}${line.value}`);
  expect(within(scope).getByRole('button', { name: `Continue on the ${device}` })).toBeDisabled();
}

/** While the device waits: what to do there, and the same lines. */
export function expectDeviceWaiting(scope: HTMLElement, plan: ExecutionPlan, device = 'Ledger') {
  expect(within(scope).getByRole('status')).toHaveTextContent(`Confirm the execution on your ${device}`);
  expect(within(scope).getByLabelText(`What your ${device} will show`)).toHaveTextContent(executionDisplay(unsignedExecutionOf(plan))[0]!.value);
}

/** The signer ticks that they will compare, then continues on the device (`user.confirmOnDevice`). */
export async function confirmOnDevice(scope: HTMLElement, device = 'Ledger') {
  await act(async () => void fireEvent.click(within(scope).getByRole('checkbox', { name: new RegExp(`I will compare these values with my ${device}`) })));
  await act(async () => void fireEvent.click(within(scope).getByRole('button', { name: `Continue on the ${device}` })));
}

/** What the device changed is reported (or nothing is, when it changed nothing). */
export function expectDeviceChanges(scope: HTMLElement, changes: readonly string[] | undefined, device = 'Ledger') {
  const said = within(scope).queryByText(`Your ${device} changed the transaction before signing it.`);
  if (!changes || changes.length === 0) return void expect(said).toBeNull();
  expect(said?.parentElement).toHaveTextContent(`It was sent as the device signed it, not as you checked it: ${changes.join('; ')}.`);
}
