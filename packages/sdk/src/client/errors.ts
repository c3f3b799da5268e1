/**
 * Typed errors of the client. Every method of the client rejects with one of these, so partners
 * can `catch` by class (or by `isCuepointError` when two copies of the SDK meet in one bundle).
 */

/**
 * Base class of every error the client rejects with.
 *
 * @example
 * try { await client.webinars.list() } catch (error) {
 *   if (error instanceof CuepointError) console.log(error.status, error.message, error.field)
 * }
 */
export class CuepointError extends Error {
  override name = "CuepointError";
  /** Brand checked by `isCuepointError`, which survives duplicated SDK copies. */
  readonly isCuepointError = true;
  // `status` and `data` are always set by the constructor, so `declare` spares their class-field
  // initialisers; `field` stays a real field, present (undefined) even when the server named none.
  /** HTTP status, when the server answered. */
  declare status?: number;
  /** The parsed body of the failed answer, when there was one. */
  declare data?: unknown;
  /** The request field the server blamed (bad input), when it named one. */
  field?: string;

  constructor(message: string, status?: number, data?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.data = data;
    const field = (data as { field?: unknown } | null | undefined)?.field;
    if (typeof field === "string") this.field = field;
  }
}

/** The server answered with an error status; `message` is the server's `message` (or `error`). */
export class ApiError extends CuepointError {
  override name = "ApiError";
  declare status: number;
}

/** The server answered 401: the token is missing, expired or revoked. */
export class UnauthorizedError extends ApiError {
  override name = "UnauthorizedError";
}

/** No answer at all (offline, DNS, CORS, refused, aborted by `timeout`): message `Failed to fetch`. */
export class NetworkError extends CuepointError {
  override name = "NetworkError";
}

/** Analytics answered 524, or without `registrants`: message `timeout` (spec §5). */
export class AnalyticsTimeoutError extends CuepointError {
  override name = "AnalyticsTimeoutError";
}

/** A plan change, cancellation or payment update failed; the message is fit to show the user. */
export class PlanError extends CuepointError {
  override name = "PlanError";
}

/**
 * True for any error the client rejects with.
 *
 * @example
 * const result = await client.media.delete(id).catch((e) => (isCuepointError(e) ? e.message : "?"))
 */
export const isCuepointError = (error: unknown): error is CuepointError =>
  (error as CuepointError | null)?.isCuepointError === true;

/** The server's own words from an error body: `message`, else `error`, else a string body. */
export const serverMessage = (data: unknown): string | undefined => {
  if (typeof data === "string") return data || undefined;
  const body = data as { message?: unknown; error?: unknown } | null | undefined;
  const text = body?.message ?? body?.error;
  return typeof text === "string" && text ? text : undefined;
};
