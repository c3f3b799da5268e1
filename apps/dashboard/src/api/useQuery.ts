import { useCallback, useEffect, useRef, useState, type DependencyList } from "react";

export type QueryStatus = "loading" | "ready" | "error";

export interface Query<T> {
  status: QueryStatus;
  /** The last loaded data (kept while reloading). */
  data: T | undefined;
  error: Error | undefined;
  /** Loads again (after a change, or from ListState's Retry). */
  reload: () => void;
  /** Replaces the data locally, e.g. after a delete, without a round trip. */
  setData: (update: (data: T | undefined) => T | undefined) => void;
}

/**
 * Runs `load` when the component mounts and whenever `deps` change; the state feeds {@link ListState}.
 * A newer load wins over a slower older one.
 *
 * @example
 * const tokens = useQuery(() => client.tokens.list(), []);
 * return <ListState query={tokens} isEmpty={(t) => t.length === 0} empty="No tokens yet.">{(list) => …}</ListState>;
 */
export function useQuery<T>(load: () => Promise<T>, deps: DependencyList): Query<T> {
  const [state, setState] = useState<{ status: QueryStatus; data: T | undefined; error: Error | undefined }>({
    status: "loading",
    data: undefined,
    error: undefined,
  });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const id = ++latest.current;
    setState((s) => ({ ...s, status: "loading", error: undefined }));
    loadRef.current().then(
      (data) => id === latest.current && setState({ status: "ready", data, error: undefined }),
      (error: unknown) =>
        id === latest.current &&
        setState((s) => ({ ...s, status: "error", error: error instanceof Error ? error : new Error(String(error)) })),
    );
    // The caller's deps decide when to load again.
  }, [...deps, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const setData = useCallback(
    (update: (data: T | undefined) => T | undefined) => setState((s) => ({ ...s, data: update(s.data) })),
    [],
  );
  return { ...state, reload, setData };
}
