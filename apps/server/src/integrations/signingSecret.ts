import { randomBytes } from "node:crypto";
import type { IntegrationKind } from "@cuepoint/sdk";
import { badRequest } from "../http/errors.js";
import { labelOf } from "./kinds.js";
import type { Secrets } from "./secrets.js";

/** Where a webhook integration keeps its signing secret, among its sealed `data` values. */
export const SIGNING_SECRET_FIELD = "signing_secret";

/** The kinds whose deliveries are signed (`Cuepoint-Signature`: `signWebhook` of @cuepoint/sdk). */
const SIGNING_KINDS: readonly IntegrationKind[] = ["WEBHOOK", "ZAPIER"];

export const signsDeliveries = (kind: IntegrationKind): boolean => SIGNING_KINDS.includes(kind);

/**
 * A new signing secret: `whsec_` and 32 random bytes in base64url (43 characters), the shape
 * Stripe and Svix give theirs, so a person can tell it from other keys. Every WEBHOOK and ZAPIER
 * integration gets one when it is created; rotating replaces it.
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
