/**
 * A machine's effects as one typed contract (issue 16, decision 0031). Each machine declares, in its
 * `<m>.types.ts`, an interface of plain async functions, `input → Promise<output>`, one per invoked effect:
 *
 *   export interface LoadSafeEffects {
 *     loadSetup(): Promise<LoadSafeSetup>;
 *     checkSafe(input: CheckSafeInput): Promise<SafeSummary>;
 *   }
 *
 * The machine names them with `effectPlaceholders<LoadSafeEffects>(…)` (actors that fail until provided), and the
 * service implements the interface once and hands it to `machine.provide({ actors: effectActors(effects) })`.
 * The input and output types are written once, in the interface; nobody re-types them or wraps a call in
 * `fromPromise` by hand.
 */
import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';

/** One effect: the invoke's input (and an abort signal, for effects that can stop early) to a promise. */
type Effect = (input: never, signal: AbortSignal) => Promise<unknown>;

/** The promise actor each effect of `E` becomes (its input is the function's first parameter, if any). */
export type EffectActors<E> = {
  [K in keyof E]: E[K] extends (...args: infer A) => Promise<infer O> ? PromiseActorLogic<O, A extends [] ? NonReducibleUnknown : A[0]> : never;
};

/** Every effect name of `E`, so a placeholder list cannot miss one. */
export type EffectNames<E> = { readonly [K in keyof E]: true };

/**
 * The machine's stand-ins for its effects: each rejects, naming the module that provides the real one. Pass every
 * name (`{ loadSetup: true, checkSafe: true }`); the type checker refuses a missing or an unknown one.
 */
export function effectPlaceholders<E>(names: EffectNames<E>, providedBy: string): EffectActors<E> {
  return Object.fromEntries(
    Object.keys(names).map((name) => [
      name,
      fromPromise(async () => {
        throw new Error(`${name} is provided by ${providedBy}`);
      }),
    ]),
  ) as EffectActors<E>;
}

/** The real effects as the machine's actors: each call receives the invoke's input and the actor's abort signal. */
export function effectActors<E extends { [K in keyof E]: Effect }>(effects: E): EffectActors<E> {
  return Object.fromEntries(
    Object.entries(effects as unknown as Record<string, (input: unknown, signal: AbortSignal) => Promise<unknown>>).map(([name, run]) => [
      name,
      fromPromise(({ input, signal }) => run(input, signal)),
    ]),
  ) as EffectActors<E>;
}
