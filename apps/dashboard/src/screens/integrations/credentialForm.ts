import { credentialSchemaFor, type IntegrationKind } from "@cuepoint/sdk";
import { issueErrors } from "../../lib/formErrors.js";

/** The outcome of checking a credential form with the SDK's schema. */
export type CredentialCheck =
  | { ok: true; values: Record<string, string | number> }
  | { ok: false; errors: Record<string, string> };

/**
 * Checks a kind's credential form with the SDK's `credentialSchemaFor(kind)` (the one copy of
 * the rules: required fields, accountType options, domain, URL, port), through the schema's
 * Standard Schema interface: the values to send, or one message per field.
 *
 * @example
 * checkCredentials("DOMAIN", { domain: "https://x.com" });
 * // { ok: false, errors: { domain: "Domain must be a host name such as events.example.com, without http:// or a path" } }
 */
export function checkCredentials(kind: IntegrationKind, form: Record<string, string>): CredentialCheck {
  const result = credentialSchemaFor(kind)["~standard"].validate(form);
  if (result instanceof Promise) throw new Error("Credential schemas are synchronous.");
  if (!result.issues) {
    const values = Object.fromEntries(
      Object.entries(result.value as Record<string, unknown>).filter(
        (entry): entry is [string, string | number] => typeof entry[1] === "number" || (typeof entry[1] === "string" && entry[1] !== ""),
      ),
    );
    return { ok: true, values };
  }
  return { ok: false, errors: issueErrors(result.issues) };
}
