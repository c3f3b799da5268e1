import type { FetchResponse } from "ofetch";

/** What `answer()` resolves on failure: `false`, or `{ error }` when asked. */
export type Answer<T, WithError extends boolean = false> =
  | T
  | FetchResponse<T>
  | (WithError extends true ? { error: unknown } : false);

/**
 * The spec's answer convention (§7 "Handling of answers"), for code that prefers it to
 * `try`/`catch`: resolves the data when the status is 200, otherwise the raw response (201, 204...);
 * on failure resolves `false`, or `{ error }` with `withError`. Never rejects.
 *
 * @example
 * const result = await answer(client.webinars.list({ page: 1 }))
 * if (result === false) showError()
 *
 * @example
 * const result = await answer(client.integrations.test(id), { withError: true })
 * if ("error" in result) toast(result.error.message)
 */
export async function answer<T>(promise: Promise<T> & { raw?: Promise<FetchResponse<T>> }): Promise<Answer<T>>;
export async function answer<T>(
  promise: Promise<T> & { raw?: Promise<FetchResponse<T>> },
  options: { withError: true },
): Promise<Answer<T, true>>;
export async function answer<T>(
  promise: Promise<T> & { raw?: Promise<FetchResponse<T>> },
  options?: { withError?: boolean },
): Promise<Answer<T, boolean>>;
export async function answer<T>(
  promise: Promise<T> & { raw?: Promise<FetchResponse<T>> },
  options: { withError?: boolean } = {},
): Promise<Answer<T, boolean>> {
  try {
    if (!promise.raw) return await promise;
    // The data promise settles like `raw`; only `raw` is read here, so keep the other quiet.
    promise.catch(() => undefined);
    const response = await promise.raw;
    return response.status === 200 ? (response._data as T) : response;
  } catch (error) {
    return options.withError ? { error } : false;
  }
}
