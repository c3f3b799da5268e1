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
  for (const key of ["message", "detail", "error_description", "Message", "title"]) {
    if (typeof record[key] === "string" && record[key]) return record[key];
  }
  if (typeof record.error === "string") return record.error;
  if (record.error && typeof record.error === "object") return vendorMessage(record.error);
  if (Array.isArray(record.errors) && record.errors.length > 0) return vendorMessage(record.errors[0]);
  return undefined;
}

/**
 * One HTTP call to a service, with the timeout of `CUEPOINT_INTEGRATION_TIMEOUT_MS`. Answers the
 * parsed JSON (or the text, or undefined for an empty body); throws {@link ServiceError}.
 */
export async function callService<T = unknown>(label: string, url: string, request: ServiceRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(request.form).toString();
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      // Redirects are not followed: they could carry credentials to another host, or a webhook
      // test into a private network past the host check.
      redirect: "manual",
      signal: AbortSignal.timeout(serviceTimeoutMs()),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new ServiceError(
      timedOut ? `${label} did not answer in time.` : `${label} could not be reached${cause ? ` (${cause})` : ""}.`,
      "unreachable",
    );
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("location") ?? "another address";
    throw new ServiceError(`${label} answered with a redirect to ${location}: use that address.`, "refused");
  }
  const text = await response.text();
  let parsed: unknown = text === "" ? undefined : text;
  if (text !== "" && (response.headers.get("content-type") ?? "").includes("json")) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // A broken JSON body is reported as text below.
    }
  }
  if (!response.ok) {
    const words = vendorMessage(parsed) ?? `HTTP ${response.status}`;
    throw new ServiceError(
      `${label} answered: ${words}`,
      response.status >= 500 ? "unreachable" : "refused",
      response.status,
    );
  }
  return parsed as T;
}
