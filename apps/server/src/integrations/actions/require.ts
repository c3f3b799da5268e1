import { labelOf } from "../kinds.js";
import { nodeKind } from "./integration.js";
import { checkActionReady } from "./ready.js";
import { PermanentActionError, type ActionJob } from "./types.js";

/**
 * Refuses a job whose node misses a required field (spec §5, the SDK's rule), permanently, with
 * the rule's words and the service's name: "Twilio: Enter the SMS text (smsText)".
 */
export function requireReady(job: ActionJob): void {
  const readiness = checkActionReady(job.node);
  if (readiness.ok) return;
  const kind = nodeKind(job);
  const label = kind ? labelOf(kind) : job.node.integrationType || "This action";
  throw new PermanentActionError(`${label}: ${readiness.message} (${readiness.field}).`);
}

/** A model field as text ("" when absent). */
export const modelText = (job: ActionJob, field: string): string => {
  const value = job.node.model[field];
  return typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
};

/** The outcome of a contact action for a registrant without an email address. */
export const NO_EMAIL = { status: "skipped", reason: "the registrant has no email address" } as const;

/** Why a registrant gets no text message, or undefined when they may get one (the SMS services'). */
export function smsSkipReason(job: ActionJob): string | undefined {
  if (!job.registrant.smsConsent) return "no SMS consent";
  if (!job.registrant.phone.trim()) return "the registrant has no phone number";
  return undefined;
}
