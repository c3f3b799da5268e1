import { createFetch, type FetchError, type FetchResponse } from "ofetch";
import { XSRF_COOKIE, XSRF_HEADER } from "../constants.js";
import { ApiError, NetworkError, UnauthorizedError, serverMessage } from "./errors.js";

/** Anything shaped like `fetch`: the global one, `undici`'s, or a Hono `app.request`. */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>;

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Query values; `undefined` ones are left out of the URL. */
export type Query = Record<string, string | number | boolean | undefined>;

export interface ClientOptions {
  /** Base address of the API (the dashboard's public `apiURL` setting), e.g. `https://api.cuepoint.io`. */
  apiURL: string;
  /** Bearer token, or a getter read before every call (so a refreshed token is picked up). */
  token?: string | (() => string | undefined | null);
  /** Replaces the global `fetch`; pass `app.request` to talk to a Hono app in-process. */
  fetch?: FetchLike;
  /** Extra headers sent on every call. */
  headers?: HeadersInit;
  /** Called on any 401 unless `currentPath()` contains `invoker`; the call still rejects. */
  onUnauthorized?: (error: UnauthorizedError) => void;
  /** The app's current path; defaults to `location.pathname + location.hash`, else `""`. */
  currentPath?: () => string;
  /**
   * Echo the `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header (default on). The cookie string is
   * read from `document.cookie`, or from `cookie()` where there is no document (Node).
   */
  xsrf?: boolean | { cookie?: () => string | undefined | null };
  /** Retries of body-less (GET) calls on 408/409/425/429/500/502/503/504 or no answer. Default 1. */
  retry?: number;
  /** Milliseconds before a call is aborted. Default: no timeout. */
  timeout?: number;
}

export interface CallInit {
  /** `false` leaves out the bearer token (login). */
  auth?: boolean;
  /**
   * Force the body parser; `"text"` for CSV downloads, `"blob"` for files. An error answer with a
   * JSON body is still read as JSON, so the `ApiError` carries the server's `message` and `field`.
   */
  responseType?: "json" | "text" | "blob";
  /** The `Accept` header, for calls whose answer depends on it (`application/json`). */
  accept?: string;
}

/** A call's data, plus `raw`: the same call's full response (status, headers, `_data`). */
export type CuepointPromise<T> = Promise<T> & { raw: Promise<FetchResponse<T>> };

/** The request core every resource is built on; also the escape hatch for calls not wrapped yet. */
export interface Fetcher {
  /**
   * Sends one call. `payload` is the query string of a GET and the body of anything else: a plain
   * object goes as JSON, a `FormData` as multipart.
   */
  <T>(method: Method, path: string, payload?: unknown, init?: CallInit): CuepointPromise<T>;
  /** The same call, resolving the full response (`_data` holds the parsed body). */
  raw<T>(method: Method, path: string, payload?: unknown, init?: CallInit): Promise<FetchResponse<T>>;
}

/** Builds a `CuepointPromise` from a raw response promise. */
export const withData = <T>(raw: Promise<FetchResponse<T>>): CuepointPromise<T> =>
  Object.assign(
    raw.then((response) => response._data as T),
    { raw },
  );

const cookieValue = (cookies: string | null | undefined, name: string): string | undefined => {
  const match = cookies?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match?.[1] && decodeURIComponent(match[1]);
};

/**
 * Creates the request core: bearer token, XSRF echo, JSON/multipart bodies, retry of body-less
 * calls, typed errors and the 401 hook (spec §6, §7).
 *
 * @example
 * const request = createFetcher({ apiURL: "https://api.cuepoint.io", token: "pat_..." })
 * const { success } = await request<{ success: unknown[] }>("GET", "/webinars", { page: 1 })
 */
export const createFetcher = /* @__NO_SIDE_EFFECTS__ */ (options: ClientOptions): Fetcher => {
  const $fetch = createFetch({
    fetch: async (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
  });

  /** Rejects with the `CuepointError` of a failed call. */
  const fail = async (error: FetchError): Promise<never> => {
    const { response } = error;
    if (!response) throw new NetworkError("Failed to fetch", undefined, undefined, { cause: error });
    const { status } = response;
    let { data } = error;
    // A text or blob call (CSV export, file download) got its error body as text or a Blob: a JSON
    // one is read back, so the error carries the server's message and field.
    const body: unknown = data instanceof Blob ? await data.text() : data;
    if (typeof body === "string" && response.headers.get("content-type")?.includes("json")) {
      try {
        data = JSON.parse(body);
      } catch {
        // Not JSON after all: the text stays the data (and the message).
        data = body;
      }
    }
    const message = serverMessage(data) ?? `Request failed with status ${status}`;
    if (status !== 401) throw new ApiError(message, status, data, { cause: error });
    const unauthorized = new UnauthorizedError(message, status, data, { cause: error });
    const location = (globalThis as { location?: Location }).location;
    const path = options.currentPath?.() ?? (location ? location.pathname + location.hash : "");
    if (!path.includes("invoker")) options.onUnauthorized?.(unauthorized);
    throw unauthorized;
  };

  const raw = <T>(method: Method, path: string, payload?: unknown, init: CallInit = {}) => {
    const headers = new Headers(options.headers);
    const token = typeof options.token === "function" ? options.token() : options.token;
    if (token && init.auth !== false) headers.set("authorization", `Bearer ${token}`);
    if (init.accept) headers.set("accept", init.accept);
    const { xsrf = true } = options;
    if (xsrf) {
      const cookies = (typeof xsrf === "object" && xsrf.cookie?.()) || globalThis.document?.cookie;
      const value = cookieValue(cookies, XSRF_COOKIE);
      if (value) headers.set(XSRF_HEADER, value);
    }
    const get = method === "GET";
    return $fetch
      .raw<T>(path, {
        method,
        baseURL: options.apiURL,
        headers,
        [get ? "query" : "body"]: payload,
        // ofetch's own default (one retry for GET and HEAD only), made explicit so a custom
        // `retry` count never applies to calls that carry a body.
        retry: get ? (options.retry ?? 1) : false,
        timeout: options.timeout,
        // ofetch types the parsed body by `responseType`; ours is already typed by `T`.
        responseType: init.responseType as "json" | undefined,
      })
      .catch(fail);
  };

  return Object.assign(
    <T>(method: Method, path: string, payload?: unknown, init?: CallInit) =>
      withData(raw<T>(method, path, payload, init)),
    { raw },
  );
};
