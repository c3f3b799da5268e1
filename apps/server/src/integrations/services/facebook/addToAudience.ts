import { createHash } from "node:crypto";
import { asAction } from "../../actions/errors.js";
import { callPeer } from "../../actions/http.js";
import { modelText, NO_EMAIL } from "../../actions/require.js";
import type { ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { GRAPH_VERSION } from "./adapter.js";

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/** Meta's normalisation of an email before hashing: leading and trailing spaces trimmed, lower case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Meta's normalisation of a phone number before hashing: digits only (symbols, letters and spaces
 * removed), no leading zeros, with the country code. Only a number written with its country code
 * (`+…`, as the registration form stores it) can be normalised: a national number would hash to
 * someone else's, so it is left out ("").
 *
 * @example
 * normalizePhone("+1 (555) 123-0007"); // "15551230007"
 * normalizePhone("555 123 0007"); // ""
 */
export function normalizePhone(phone: string): string {
  const trimmed = phone.trim();
  if (!trimmed.startsWith("+") && !trimmed.startsWith("00")) return "";
  return trimmed.replace(/\D/g, "").replace(/^0+/, "");
}

/** The one row of the `payload`: schema `EMAIL` (and `PHONE` when known), values SHA-256 of the normalised values. */
export function audiencePayload(email: string, phone: string): { schema: string[]; data: string[][] } {
  const normalizedPhone = normalizePhone(phone);
  return normalizedPhone
    ? { schema: ["EMAIL", "PHONE"], data: [[sha256(normalizeEmail(email)), sha256(normalizedPhone)]] }
    : { schema: ["EMAIL"], data: [[sha256(normalizeEmail(email))]] };
}

interface UsersAnswer {
  audience_id?: string;
  num_received?: number;
  num_invalid_entries?: number;
}

/**
 * FACEBOOK · addToAudience: adds the registrant to the picked custom audience (`model.audience`)
 * through the Graph API, `POST /{audience_id}/users` with `payload` = `{schema, data}` of hashed
 * values (Meta never receives the address in clear). Adding a person already in the audience adds
 * nothing, so a retry repeats nothing.
 */
export async function addToAudience(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const { label } = service;
  const token = await asAction(() => service.accessToken());
  const audience = modelText(job, "audience");
  const url = service.url(`https://graph.facebook.com/${GRAPH_VERSION}/${encodeURIComponent(audience)}/users`);
  const payload = audiencePayload(job.registrant.email, job.registrant.phone);
  const { body } = await callPeer<UsersAnswer>(label, url, {
    headers: { authorization: `Bearer ${token}` },
    form: { payload: JSON.stringify(payload) },
  });
  if (body?.num_invalid_entries) {
    return { status: "skipped", reason: `Facebook did not accept the registrant's hashed ${payload.schema.join(" and ").toLowerCase()}` };
  }
  return { status: "sent", detail: `added to custom audience ${body?.audience_id ?? audience} (${payload.schema.join(" + ").toLowerCase()}, hashed)` };
}
