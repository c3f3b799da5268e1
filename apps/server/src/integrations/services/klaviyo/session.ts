import type { Session } from "klaviyo-api";
import type { ServiceContext } from "../types.js";
import { exchange, ServiceError, vendorMessage } from "../../serviceCall.js";

type AxiosRequestConfig = Parameters<Session["applyToRequest"]>[0];
type AxiosResponse = Awaited<ReturnType<Session["requestWithRetry"]>>;

/** The API revision this server is written against (the `revision` header Klaviyo requires). */
export const KLAVIYO_REVISION = "2026-07-15";
export const KLAVIYO_ORIGIN = "https://a.klaviyo.com";

/** Axios' `params` as a query string (the client has already joined arrays with commas). */
function query(params: unknown): string {
  const entries = Object.entries((params ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined);
  return entries.length ? `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)]))}` : "";
}

/**
 * The official client's `Session`, with its transport replaced by the integrations' `exchange`:
 * the private key in `Authorization: Klaviyo-API-Key …`, the `revision` header, JSON:API bodies,
 * and our rules instead of axios' — the integration timeout, redirects never followed, no retries
 * of its own (the engine retries, where safe). A refusal or an outage is a {@link ServiceError}
 * in Klaviyo's words (its `errors[0].detail`).
 */
export class ExchangeSession implements Session {
  constructor(private readonly ctx: ServiceContext) {}

  applyToRequest(config: AxiosRequestConfig): void {
    config.headers = {
      ...config.headers,
      authorization: `Klaviyo-API-Key ${this.ctx.credentials.private_api_key ?? ""}`,
      revision: KLAVIYO_REVISION,
    };
  }

  async requestWithRetry(config: AxiosRequestConfig): Promise<AxiosResponse> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(config.headers ?? {})) {
      if (typeof value === "string") headers[name.toLowerCase()] = value;
    }
    headers.accept = "application/vnd.api+json";
    const body = config.data === undefined ? undefined : JSON.stringify(config.data);
    if (body !== undefined) headers["content-type"] = "application/vnd.api+json";
    const url = this.ctx.url(`${config.url ?? ""}${query(config.params)}`);
    const method = (config.method ?? "GET").toUpperCase() as "GET" | "POST" | "DELETE" | "PATCH";
    const outcome = await exchange(this.ctx.label, url, { method, headers, raw: body });
    if (outcome.kind === "unreachable") throw new ServiceError(outcome.message, "unreachable");
    if (outcome.kind === "redirect") throw new ServiceError(outcome.message, "refused");
    if (!outcome.ok) {
      const words = vendorMessage(outcome.body) ?? `HTTP ${outcome.status}`;
      throw new ServiceError(`${this.ctx.label} answered HTTP ${outcome.status}: ${words}`, outcome.status >= 500 ? "unreachable" : "refused", outcome.status);
    }
    const data = typeof outcome.body === "string" ? JSON.parse(outcome.body) : outcome.body;
    return { data, status: outcome.status, statusText: "", headers: {}, config } as unknown as AxiosResponse;
  }

  refreshAndRetry(): boolean {
    return false;
  }
}
