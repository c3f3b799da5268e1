import { exchange, ServiceError, vendorMessage, type RawServiceRequest } from "../integrations/serviceCall.js";

/**
 * One call to a delivery platform: the parsed body, or a ServiceError in the platform's words.
 * Unlike the integration routes' call, a 429 counts as `unreachable` (try again later), and each
 * platform's error body is read by `words` (GoTo writes `description`, Zoom `message`).
 */
export async function platformCall<T>(
  label: string,
  url: string,
  request: RawServiceRequest,
  words: (body: unknown) => string | undefined = vendorMessage,
): Promise<{ status: number; body: T }> {
  const outcome = await exchange(label, url, request);
  if (outcome.kind === "unreachable") throw new ServiceError(outcome.message, "unreachable");
  if (outcome.kind === "redirect") throw new ServiceError(outcome.message, "refused");
  if (!outcome.ok) {
    const said = words(outcome.body) ?? vendorMessage(outcome.body) ?? `HTTP ${outcome.status}`;
    const retry = outcome.status >= 500 || outcome.status === 429;
    const code = (outcome.body as { code?: unknown } | null)?.code;
    const own = typeof code === "number" || typeof code === "string" ? String(code) : undefined;
    throw new ServiceError(`${label} answered: ${said}`, retry ? "unreachable" : "refused", outcome.status, own);
  }
  return { status: outcome.status, body: outcome.body as T };
}

