import type { ReactNode } from "react";
import type { Query } from "../api/useQuery.js";
import { Button } from "./Button.js";

export interface ListStateProps<T> {
  query: Pick<Query<T>, "status" | "data" | "error" | "reload">;
  /** When the loaded data counts as empty. */
  isEmpty?: (data: T) => boolean;
  /** What to say (or show) when empty: "No tokens yet." */
  empty: ReactNode;
  /** What is loading, for the screen reader text: "tokens". */
  label?: string;
  children: (data: T) => ReactNode;
}

/**
 * The loading, empty and error states every list shows; renders `children(data)` when there is data.
 * An error shows the server's message and a Retry button.
 *
 * @example
 * <ListState query={tokens} isEmpty={(t) => t.length === 0} empty="No tokens yet." label="tokens">
 *   {(list) => <TokenTable tokens={list} />}
 * </ListState>
 */
export function ListState<T>({ query, isEmpty, empty, label = "items", children }: ListStateProps<T>) {
  if (query.status === "error" && query.data === undefined) {
    return (
      <div className="list-state" role="alert">
        <p>Could not load the {label}: {query.error?.message ?? "unknown error"}</p>
        <Button onClick={query.reload}>Retry</Button>
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <div className="list-state" role="status">
        <div className="spinner" aria-hidden="true" />
        Loading {label}…
      </div>
    );
  }
  if (isEmpty?.(query.data)) return <div className="list-state">{empty}</div>;
  return <>{children(query.data)}</>;
}
