import { checkUrl, ConsolePushRequestSchema, isCuepointError } from "@cuepoint/sdk";
import { ruleMessage } from "../../../lib/formErrors.js";
import type { ConsolePushRequest } from "./types.js";

export type CtaFields = { headline: string; subheadline: string; buttonTitle: string; link: string };
export type PushErrors = Partial<Record<keyof CtaFields | "subject" | "form", string>>;

/**
 * Checks a push with the SDK's own schema (the server's): one message per field. The link gets
 * the SDK's web-address rule's own sentence (which part is wrong), when it is what fails.
 *
 * @example
 * pushProblems({ kind: "subject", subject: "" }); // { subject: "Give the subject." }
 */
export function pushProblems(push: ConsolePushRequest): PushErrors {
  const result = ConsolePushRequestSchema["~standard"].validate(push);
  const errors: PushErrors = {};
  if (result instanceof Promise) return errors; // The schema is synchronous; the server checks again anyway.
  for (const issue of result.issues ?? []) {
    const keys = (issue.path ?? []).map((p) => (typeof p === "object" ? p.key : p));
    const field = (push.kind === "cta" ? keys[1] : keys[0]) as keyof PushErrors | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (push.kind === "cta" && errors.link && push.cta.link.trim()) errors.link = ruleMessage(checkUrl(push.cta.link.trim())) ?? errors.link;
  return errors;
}

/** A refused push as form errors: the server's `field` ("cta.link", "link", "subject") inline, the rest above the buttons. */
export function pushErrorsFrom(error: unknown): PushErrors {
  const message = error instanceof Error ? error.message : "Something went wrong. Try again.";
  const field = isCuepointError(error) ? error.field?.split(".").pop() : undefined;
  if (field && ["headline", "subheadline", "buttonTitle", "link", "subject"].includes(field)) return { [field]: message };
  return { form: message };
}
