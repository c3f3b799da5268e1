import { isCuepointError } from "@cuepoint/sdk";

/** Inline errors of a form, by field name, plus a form-level message. */
export interface FormErrors {
  fields: Record<string, string | undefined>;
  form?: string;
}

/**
 * Turns a failed call into form errors: the server's `field` gets its message inline, anything
 * else becomes the form-level message.
 *
 * @example
 * catch (error) { setErrors(formErrorsFrom(error)) } // { fields: { email: "Enter an email address." } }
 */
export function formErrorsFrom(error: unknown): FormErrors {
  const message = error instanceof Error ? error.message : "Something went wrong. Try again.";
  if (isCuepointError(error) && error.field) return { fields: { [error.field]: message } };
  return { fields: {}, form: message };
}

/**
 * The first message of an SDK rule result, or undefined when it passes.
 *
 * @example
 * ruleMessage(checkEmail(email)); // "Enter an email address." | undefined
 */
export const ruleMessage = (result: { ok: true } | { ok: false; message: string }): string | undefined =>
  result.ok ? undefined : result.message;
