import type { ActionField, CredentialField, FieldOption } from "./types.js";
import type { CredentialFieldName, ListName } from "./vocabulary.js";

type CredentialExtras = Partial<Omit<CredentialField, "name" | "label">>;
type FieldExtras = Partial<Omit<ActionField, "name" | "label" | "kind">>;

/**
 * A credential form field, required and not secret unless told.
 *
 * @example
 * credential("api_url", "API URL", { format: "url" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function credential(
  name: CredentialFieldName,
  label: string,
  extras: CredentialExtras = {},
): CredentialField {
  return { name, label, secret: false, required: true, ...extras };
}

/**
 * A secret credential field (password input, masked when read back).
 *
 * @example
 * secretCredential("api_key", "API key");
 */
/* @__NO_SIDE_EFFECTS__ */
export function secretCredential(
  name: CredentialFieldName,
  label: string,
  extras: CredentialExtras = {},
): CredentialField {
  return credential(name, label, { secret: true, ...extras });
}

/**
 * The `accountType` picklist credential.
 *
 * @example
 * accountType([{ value: "us", label: "US" }, { value: "eu", label: "EU" }]);
 */
/* @__NO_SIDE_EFFECTS__ */
export function accountType(options: readonly FieldOption[]): CredentialField {
  return credential("accountType", "Account region", { options });
}

/**
 * A required action field picking an entry of a cached list.
 *
 * @example
 * pick("tagName", "Tag", "tags", { match: "name" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function pick(
  name: string,
  label: string,
  list: ListName,
  extras: FieldExtras = {},
): ActionField {
  return { name, label, kind: "select", list, required: true, ...extras };
}

/**
 * A required single-line text action field.
 *
 * @example
 * text("subject", "New subject");
 */
/* @__NO_SIDE_EFFECTS__ */
export function text(name: string, label: string, extras: FieldExtras = {}): ActionField {
  return { name, label, kind: "text", required: true, ...extras };
}

/**
 * A required multi-line text action field.
 *
 * @example
 * textarea("message", "Chat message");
 */
/* @__NO_SIDE_EFFECTS__ */
export function textarea(name: string, label: string, extras: FieldExtras = {}): ActionField {
  return { name, label, kind: "textarea", required: true, ...extras };
}

/**
 * A required action field of another kind (url, audio, image, select with options, number).
 *
 * @example
 * input("webhook", "Webhook address", "url");
 */
/* @__NO_SIDE_EFFECTS__ */
export function input(
  name: string,
  label: string,
  kind: ActionField["kind"],
  extras: FieldExtras = {},
): ActionField {
  return { name, label, kind, required: true, ...extras };
}
