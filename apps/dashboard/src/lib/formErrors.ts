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

/** A Standard Schema issue, as far as forms read it: its message and where it points. */
export interface SchemaIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/**
 * One message per field from an SDK schema's issues (its Standard Schema `validate` result): the
 * first issue under each top-level key; issues about the whole value are left out.
 *
 * @example
 * issueErrors(schema["~standard"].validate(form).issues ?? []); // { timeZone: "Unknown IANA time zone" }
 */
export function issueErrors(issues: readonly SchemaIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const first = issue.path?.[0];
    const key = typeof first === "object" ? first.key : first;
    if (typeof key === "string" && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
