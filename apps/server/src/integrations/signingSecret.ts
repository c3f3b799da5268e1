import { randomBytes } from "node:crypto";
import type { IntegrationKind } from "@cuepoint/sdk";
import { badRequest } from "../http/errors.js";
import { labelOf } from "./kinds.js";
import type { Secrets } from "./secrets.js";

/** Where a webhook integration keeps its signing secret, among its sealed `data` values. */
export const SIGNING_SECRET_FIELD = "signing_secret";

/**
 * Where it keeps the secret the last rotation replaced, while that one still signs deliveries
 * beside the new one: `{ secret, until }` (`until` an ISO instant), sealed with the others.
 */
export const PREVIOUS_SIGNING_SECRET_FIELD = "signing_secret_previous";

const HOUR_MS = 3_600_000;

/** The kinds whose deliveries are signed (`Cuepoint-Signature`: `signWebhook` of @cuepoint/sdk). */
const SIGNING_KINDS: readonly IntegrationKind[] = ["WEBHOOK", "ZAPIER"];

export const signsDeliveries = (kind: IntegrationKind): boolean => SIGNING_KINDS.includes(kind);

/**
 * A new signing secret: `whsec_` and 32 random bytes in base64url (43 characters), the shape
 * Stripe and Svix give theirs, so a person can tell it from other keys. Every WEBHOOK and ZAPIER
 * integration gets one when it is created; rotating replaces it (see `rotatedData`).
 *
 * @example
 * newSigningSecret(); // "whsec_q3Vt…" (49 characters)
 */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString("base64url")}`;

/**
 * The secrets a new integration of `kind` starts with: a signing secret for the kinds that sign
 * their deliveries, nothing for the others.
 *
 * @example
 * initialData("WEBHOOK"); // { signing_secret: "whsec_…" }
 */
export const initialData = (kind: IntegrationKind): Secrets["data"] =>
  signsDeliveries(kind) ? { [SIGNING_SECRET_FIELD]: newSigningSecret() } : {};

/** 400 on `integrationID` for a kind that does not sign its deliveries. */
export function requireSigningKind(kind: IntegrationKind): void {
  if (!signsDeliveries(kind)) {
    throw badRequest(`${labelOf(kind)} integrations do not sign deliveries: only Webhook and Zapier do.`, "integrationID");
  }
}

/**
 * The stored signing secret, or null for an integration made before secrets were given by
 * default (its deliveries go unsigned until one is set).
 *
 * @example
 * signingSecretOf(loaded.secrets); // "whsec_…" or null
 */
export function signingSecretOf(secrets: Secrets): string | null {
  const secret = secrets.data[SIGNING_SECRET_FIELD];
  return typeof secret === "string" && secret !== "" ? secret : null;
}

/** The secret a rotation replaced, and the instant it stops signing. */
export interface PreviousSigningSecret {
  secret: string;
  until: Date;
}

/**
 * The replaced secret while it still signs at `now`: null when there is none, it has expired (a
 * stale entry is ignored here and dropped by the next rotation), it equals the current secret, or
 * there is no current secret (then deliveries go unsigned).
 *
 * @example
 * previousSigningSecret(loaded.secrets, now); // { secret: "whsec_old…", until: 2024-03-06T14:00:00.000Z } or null
 */
export function previousSigningSecret(secrets: Secrets, now: Date): PreviousSigningSecret | null {
  const current = signingSecretOf(secrets);
  const stored = secrets.data[PREVIOUS_SIGNING_SECRET_FIELD];
  if (!current || typeof stored !== "object" || stored === null) return null;
  const { secret, until } = stored as Record<string, unknown>;
  const end = typeof until === "string" ? new Date(until) : undefined;
  if (typeof secret !== "string" || secret === "" || secret === current || !end || !(end.getTime() > now.getTime())) {
    return null;
  }
  return { secret, until: end };
}

/**
 * The secrets a delivery made at `now` is signed with, one `v1=` each (`signWebhook` of
 * @cuepoint/sdk): the current one first, then the replaced one while it still signs; none when the
 * integration has no secret.
 *
 * @example
 * signingSecretsAt(loaded.secrets, now); // ["whsec_new…", "whsec_old…"] within 24 h of a rotation
 */
export function signingSecretsAt(secrets: Secrets, now: Date): string[] {
  const current = signingSecretOf(secrets);
  const previous = previousSigningSecret(secrets, now);
  return current ? [current, ...(previous ? [previous.secret] : [])] : [];
}

/**
 * The `data` after rotating to `next`: the current secret is kept as the previous one for
 * `keepHours` (0 keeps nothing), replacing any earlier previous one, stale or not.
 *
 * @example
 * rotatedData(loaded.secrets, newSigningSecret(), 24, now);
 * // { …, signing_secret: "whsec_new…", signing_secret_previous: { secret: "whsec_old…", until: "…" } }
 */
export function rotatedData(secrets: Secrets, next: string, keepHours: number, now: Date): Secrets["data"] {
  const data: Secrets["data"] = { ...secrets.data, [SIGNING_SECRET_FIELD]: next };
  delete data[PREVIOUS_SIGNING_SECRET_FIELD];
  const current = signingSecretOf(secrets);
  if (current && current !== next && keepHours > 0) {
    data[PREVIOUS_SIGNING_SECRET_FIELD] = { secret: current, until: new Date(now.getTime() + keepHours * HOUR_MS).toISOString() };
  }
  return data;
}
