/**
 * The framework pieces the shared components use: React's or Preact's. Components are written once
 * against this interface (`h` calls, hooks) and each binding passes its framework's functions, so
 * the React and Preact entries render the very same component source.
 */
export interface Runtime {
  h(type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]): unknown;
  /** The framework's Fragment: optional, the shared components do not use it (our runtimes leave it out). */
  Fragment?: unknown;
  useState<S>(initial: S | (() => S)): [S, (next: S | ((previous: S) => S)) => void];
  useEffect(effect: () => void | (() => void), deps?: readonly unknown[]): void;
  useRef<T>(initial: T): { current: T };
  useId(): string;
  /**
   * The prop that hears every keystroke of a text input: `onChange` in React, `onInput` in Preact
   * (where `onChange` is the browser's change event, fired on blur).
   */
  textInput: "onChange" | "onInput";
}
