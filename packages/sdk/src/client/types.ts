/**
 * Response shapes shared by the resources. The spec gives few of them (`success`, `total`); the
 * rest follow the same envelope so every answer reads alike: `{ success: <data> }`.
 */

/** The usual answer: the data under `success`. */
export interface Success<T> {
  success: T;
}

/**
 * A page of a list, with the total used for page counts (`ceil(total / 12)` for webinars).
 * `total` is absent when the call asked for no count (`count: false`).
 */
export interface Page<T> {
  success: T[];
  total?: number;
}

/** An answer whose body the spec leaves open: at least `success`, maybe a `message`. */
export interface Ack {
  success: boolean | string | object;
  message?: string;
}

/** Rows of a resource-usage history. */
export interface ResourceHistoryEntry {
  type: string;
  quantity: number;
  created_at: string;
  description?: string;
}

/** The account's plan, as `GET /user/plan` gives it. */
export interface Plan {
  plan: string;
  frequency: "monthly" | "yearly";
  status: string;
  renews_at?: string | null;
  cancel_at?: string | null;
  card?: { brand: string; last4: string } | null;
}

/** A scope a personal access token may carry (`GET /oauth/scopes`). */
export interface TokenScope {
  id: string;
  description: string;
}
