import { serviceTimeoutMs } from "../../integrations/endpoints.js";
import { vendorMessage, type ServiceRequest } from "../../integrations/serviceCall.js";
import { isRetryableStatus } from "./errors.js";
import { PermanentActionError, RetryableActionError } from "./types.js";

/** A peer's answer: its status and its body (parsed JSON, text, or undefined when empty). */
export interface PeerAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface PeerRequest extends ServiceRequest {
  /** Sent as is (the webhook signs these exact bytes); wins over `json` and `form`. */
  raw?: string;
  /** Error statuses answered like a 2xx, for the caller to read (a 404 "not a member"). */
  allow?: readonly number[];
}

function encode(request: PeerRequest, headers: Record<string, string>): string | undefined {
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

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One HTTP call an action makes, with the timeout of `CUEPOINT_INTEGRATION_TIMEOUT_MS`, redirects
 * not followed (they could carry credentials elsewhere). Answers the status and body of a 2xx;
 * throws {@link RetryableActionError} for a network error, a timeout, a 5xx, 408 or 429, and
 * {@link PermanentActionError} for any other answer — both saying `label` and the peer's words.
 *
 * @example
 * const { status } = await callPeer("Twilio", url, { form: { To, From, Body } }); // 201
 */
export async function callPeer<T = unknown>(label: string, url: string, request: PeerRequest = {}): Promise<PeerAnswer<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  const body = encode(request, headers);
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(serviceTimeoutMs()),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    const code = (error as { cause?: { code?: string } }).cause?.code;
    throw new RetryableActionError(
      timedOut ? `${label} did not answer in time.` : `${label} could not be reached${code ? ` (${code})` : ""}.`,
    );
  }
  const parsed = await readBody(response);
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("location") ?? "another address";
    throw new PermanentActionError(`${label} answered with a redirect to ${location}; use that address.`);
  }
  if (!response.ok && !request.allow?.includes(response.status)) {
    const words = `${label} answered HTTP ${response.status}${withWords(vendorMessage(parsed))}`;
    throw isRetryableStatus(response.status) ? new RetryableActionError(words) : new PermanentActionError(words);
  }
  return { status: response.status, body: parsed as T };
}

const withWords = (words: string | undefined) => (words ? `: ${words}` : "");
