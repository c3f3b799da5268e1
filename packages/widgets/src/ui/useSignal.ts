import { effect, Signal } from "../core/signals.js";
import type { Runtime } from "./runtime.js";

/**
 * Re-renders the component whenever one of the signals in `source` changes (an array of signals,
 * or a core: its signal-valued properties); read their values with `.value` while rendering.
 * Subscribes after mount only, so a server render stays pure. (The effect runs once at once: that
 * costs one extra render at mount, and catches any change made between the first render and the
 * subscription.)
 *
 * @example
 * useSignals(rt, core); // every signal of the core
 * useSignals(rt, [core.sections, core.error]);
 */
export function useSignals(rt: Runtime, source: object): void {
  const [, setVersion] = rt.useState(0);
  const values: unknown[] = Object.values(source);
  rt.useEffect(
    () =>
      effect(() => {
        for (const value of values) if (value instanceof Signal) void value.value;
        setVersion((version) => version + 1);
      }),
    values,
  );
}
