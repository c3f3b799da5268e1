import { ApiError, NetworkError, type Fetcher } from "@cuepoint/sdk";

/**
 * A request core for the public endpoints, on the platform's `fetch`, that the SDK's resource
 * factories accept in place of `createFetcher` (so the paths stay the SDK's). It sends a GET's
 * payload as its query string and any other payload as JSON, no
 * token and no XSRF header, never retries, and rejects with the SDK's `ApiError` (the server's
 * `message` and `field`) or `NetworkError`. The SDK's own core is built on ofetch (4.8 KB gzip):
 * too much for a script tag whose whole budget is 12 KB.
 *
 * @example
 * const api = registrationResource(createLiteFetcher("https://app.example.com/api"));
 * const { success: form } = await api.config(timelineId);
 */
/* @__NO_SIDE_EFFECTS__ */
export function createLiteFetcher(
  apiURL: string,
  fetchImpl?: (input: string, init: RequestInit) => Promise<Response>,
): Fetcher {
  const base = apiURL.replace(/\/+$/, "");
  const raw = async (method: string, path: string, payload?: unknown) => {
    const json = JSON.stringify(payload); // undefined without a payload
    const get = method === "GET";
    // A GET's payload is its query, as in the SDK's core (JSON leaves undefined values out; the
    // SDK's paths carry no query of their own: the SDK passes every query as a payload).
    if (get && json) path += `?${new URLSearchParams(JSON.parse(json) as Record<string, string>)}`;
    const body = get ? undefined : json;
    const headers: Record<string, string> = { accept: "application/json" };
    if (body) headers["content-type"] = headers.accept as string;
    let response: Response;
    try {
      response = await (fetchImpl ?? fetch)(base + path, { method, headers, body });
    } catch (cause) {
      throw new NetworkError("Failed to fetch", undefined, undefined, { cause });
    }
    const data: unknown = await response.json().catch(() => undefined);
    const message = (data as { message?: unknown } | undefined)?.message;
    if (!response.ok) {
      throw new ApiError(
        typeof message === "string" && message ? message : `Request failed with status ${response.status}`,
        response.status,
        data,
      );
    }
    return Object.assign(response, { _data: data });
  };
  const call = (method: string, path: string, payload?: unknown) => {
    const response = raw(method, path, payload);
    return Object.assign(
      response.then((r) => r._data),
      { raw: response },
    );
  };
  return Object.assign(call, { raw }) as unknown as Fetcher;
}
