import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { serviceTimeoutMs } from "./endpoints.js";

/**
 * A service said no (`refused`: bad credentials, unknown list — answered 422) or could not be
 * reached or failed itself (`unreachable`: network, timeout, 5xx — answered 502). The message is
 * the service's own words, prefixed with its name, because spec §8 shows it to the person.
 */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly reason: "refused" | "unreachable",
    readonly status?: number,
    /** The service's own error code, where its error body has one (Zoom's `code`: 200, 3001, 3043…). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export interface ServiceRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (OAuth token calls, the Graph API). */
  form?: Record<string, string>;
}

/** The first readable message in a service's error body (each vendor names it differently). */
export function vendorMessage(body: unknown): string | undefined {
  if (typeof body === "string") return body.trim().slice(0, 300) || undefined;
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ["message", "detail", "error_description", "Message", "title", "response_msg"]) {
    if (typeof record[key] === "string" && record[key]) return record[key];
  }
  if (typeof record.error === "string") return record.error;
  if (record.error && typeof record.error === "object") return vendorMessage(record.error);
  if (Array.isArray(record.errors) && record.errors.length > 0) return vendorMessage(record.errors[0]);
  return undefined;
}

/** A request as `exchange` sends it: `ServiceRequest`, or `raw` bytes sent as they are. */
export interface RawServiceRequest extends ServiceRequest {
  /** Sent as is (a webhook signs these exact bytes); wins over `json` and `form`. */
  raw?: string;
  /**
   * The address checked for a host a person typed (`publicHost.ts` `pinnedAddress`): the call
   * connects to it instead of resolving the name again, keeping the name for the Host header and
   * TLS (SNI, certificate), so DNS rebinding cannot swap in another address after the check.
   */
  pin?: { address: string; family: 4 | 6 };
}

interface SentRequest {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
}

/** One call through node:http(s) with the connection pinned to `pin` (see `RawServiceRequest.pin`). */
function pinnedFetch(url: string, sent: SentRequest, pin: NonNullable<RawServiceRequest["pin"]>): Promise<Response> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    // Node asks for every address (`all`) when it may try several families; it gets the one checked.
    if (options.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [pin]);
    else callback(null, pin.address, pin.family);
  };
  return new Promise((resolve, reject) => {
    const request = send(target, { method: sent.method, headers: sent.headers, lookup, signal: sent.signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        const status = response.statusCode ?? 502;
        const empty = status === 204 || status === 304 || status < 200;
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status: status < 200 ? 502 : status, headers }));
      });
    });
    request.on("error", reject);
    request.end(sent.body);
  });
}

/**
 * Network errors that mean the request never reached the service: refused, unknown or
 * unreachable host, a connection that could not be opened in time, a certificate refused before
 * anything was sent. A timeout waiting for the answer, or a dropped connection, may come after
 * the service did the work.
 */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);

/**
 * Whether a network error's code (`ECONNREFUSED`, or undefined for a timeout or an unknown
 * failure) says the request never reached the service.
 *
 * @example
 * neverSent("ECONNREFUSED"); // true
 * neverSent("ECONNRESET"); // false: the service may have read it
 */
export const neverSent = (code: string | undefined): boolean => code !== undefined && NOT_SENT_CODES.has(code);

/** What one HTTP call came to, before the caller judges it. */
export type Exchange =
  /**
   * A network error or a timeout; `message` says which, with the service's name; `neverSent` when
   * the request surely did not reach the service ({@link neverSent}).
   */
  | { kind: "unreachable"; message: string; neverSent: boolean }
  /** A 3xx, not followed; `message` names where it pointed. */
  | { kind: "redirect"; message: string }
  /** Any other answer: its status and body (parsed JSON, else text, undefined when empty). */
  | { kind: "answer"; status: number; ok: boolean; body: unknown };

function encode(request: RawServiceRequest, headers: Record<string, string>): string | undefined {
  if (request.raw !== undefined) return request.raw;
  if (request.json !== undefined) {
    headers["content-type"] = "application/json";
    return JSON.stringify(request.json);
  }
  if (request.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    return new URLSearchParams(request.form).toString();
  }
  return undefined;
}

/**
 * Sends one HTTP call to a service with the timeout of `CUEPOINT_INTEGRATION_TIMEOUT_MS` and
 * answers what came of it. Redirects are not followed: they could carry credentials to another
 * host, or a webhook into a private network past the host check. With `pin` the connection goes
 * to the address checked for a typed host (node:http with a fixed lookup). The one place the integration
 * routes (`callService`) and the engine's executors (`callPeer`) make HTTP calls; each judges the
 * outcome its own way.
 *
 * @example
 * const outcome = await exchange("Mailchimp", url, { json: { name } });
 * if (outcome.kind === "answer" && outcome.ok) use(outcome.body);
 */
export async function exchange(label: string, url: string, request: RawServiceRequest = {}): Promise<Exchange> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  const body = encode(request, headers);
  let response: Response;
  const method = request.method ?? (body === undefined ? "GET" : "POST");
  const signal = AbortSignal.timeout(serviceTimeoutMs());
  try {
    response = request.pin
      ? await pinnedFetch(url, { method, headers, body, signal }, request.pin)
      : await fetch(url, { method, headers, body, redirect: "manual", signal });
  } catch (error) {
    const timedOut = (error instanceof DOMException && error.name === "TimeoutError") || (signal.aborted && (signal.reason as Error)?.name === "TimeoutError");
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    const message = timedOut
      ? `${label} did not answer in time.`
      : `${label} could not be reached${cause ? ` (${cause})` : ""}.`;
    return { kind: "unreachable", message, neverSent: !timedOut && neverSent(cause) };
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("location") ?? "another address";
    return { kind: "redirect", message: `${label} answered with a redirect to ${location}: use that address.` };
  }
  const text = await response.text();
  let parsed: unknown = text === "" ? undefined : text;
  if (text !== "" && (response.headers.get("content-type") ?? "").includes("json")) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // A broken JSON body is kept as text.
    }
  }
  return { kind: "answer", status: response.status, ok: response.ok, body: parsed };
}

/**
 * One HTTP call to a service (see `exchange`). Answers the parsed JSON (or the text, or undefined
 * for an empty body); throws {@link ServiceError}.
 */
export async function callService<T = unknown>(label: string, url: string, request: RawServiceRequest = {}): Promise<T> {
  const outcome = await exchange(label, url, request);
  if (outcome.kind === "unreachable") throw new ServiceError(outcome.message, "unreachable");
  if (outcome.kind === "redirect") throw new ServiceError(outcome.message, "refused");
  if (!outcome.ok) {
    const words = vendorMessage(outcome.body) ?? `HTTP ${outcome.status}`;
    throw new ServiceError(
      `${label} answered: ${words}`,
      outcome.status >= 500 ? "unreachable" : "refused",
      outcome.status,
    );
  }
  return outcome.body as T;
}
