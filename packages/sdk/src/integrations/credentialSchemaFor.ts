import * as v from "valibot";
import { isEmail } from "../rules/email/email.js";
import { isUrl } from "../rules/url/url.js";
import { AWS_REGION_PATTERN, DOMAIN_PATTERN, isPort } from "./formats.js";
import { integrationCatalogue } from "./integrationCatalogue.js";
import { labelInSentence } from "./labelInSentence.js";
import type { IntegrationKind } from "./kinds.js";
import type { CredentialField } from "./types.js";

/** The valibot schema of one kind's credential form. */
export type CredentialSchema = v.ObjectSchema<v.ObjectEntries, undefined>;

function example(field: CredentialField, fallback: string): string {
  return field.placeholder ?? fallback;
}

interface FormatRule {
  readonly test: (value: string) => boolean;
  readonly message: string;
}

function formatRule(field: CredentialField): FormatRule | undefined {
  const name = field.label;
  switch (field.format) {
    case "domain":
      return {
        test: (s) => DOMAIN_PATTERN.test(s),
        message:
          `${name} must be a host name such as ${example(field, "events.example.com")}, ` +
          "without http:// or a path",
      };
    case "url":
      return {
        test: isUrl,
        message:
          `${name} must be a web address starting with https://, ` +
          `such as ${example(field, "https://example.com")}`,
      };
    case "email":
      return { test: isEmail, message: `${name} must be an email address such as ${example(field, "events@example.com")}` };
    case "awsRegion":
      return {
        test: (s) => AWS_REGION_PATTERN.test(s),
        message: `${name} must be an AWS region code such as ${example(field, "us-east-1")}`,
      };
    default:
      return undefined;
  }
}

/*
 * Valibot reports a missing key of an object with the object's own message ("Invalid key"), so
 * each field starts as optional with "" as default and says itself that it is missing.
 */
/* @__NO_SIDE_EFFECTS__ */
function fieldSchema(field: CredentialField): v.GenericSchema {
  const missing = `Enter the ${labelInSentence(field.label)}`;
  if (field.options) {
    const values = field.options.map((o) => o.value);
    const choices = field.options.map((o) => o.label).join(" or ");
    return v.pipe(
      v.optional(v.string(), ""),
      v.picklist(values, `Choose ${choices} as the ${labelInSentence(field.label)}`),
    );
  }
  if (field.format === "port") {
    // Forms send the port as text; JSON may carry a number. Either way the output is a number.
    const invalid = `${field.label} must be a whole number from 1 to 65535, such as 587`;
    return v.pipe(
      v.optional(v.union([v.string(), v.number()], invalid), ""),
      v.check(
        (p: string | number) => isPort(p),
        (issue) => (issue.input === "" ? missing : invalid),
      ),
      v.transform((p) => Number(p)),
    );
  }
  const rule = formatRule(field);
  const test = rule?.test ?? (() => true);
  const message = rule?.message ?? missing;
  if (!field.required) {
    // An emptied optional input arrives as "", which means "not set".
    return v.optional(v.pipe(v.string(message), v.trim(), v.check((s) => s === "" || test(s), message)));
  }
  return v.pipe(
    v.optional(v.string(missing), ""),
    v.trim(),
    v.nonEmpty(missing),
    v.check((s) => s === "" || test(s), message),
  );
}

/**
 * The valibot object schema of a kind's credential form: required fields required and
 * non-empty, accountType a picklist of its options, SMTP port 1..65535, DOMAIN host names by
 * DOMAIN_PATTERN (defaultRedirect optional, checked when given), URLs http(s). Messages say what
 * to type. Unknown keys are dropped, so the output is what to send to `/{kind}/check`.
 *
 * @example
 * const result = v.safeParse(credentialSchemaFor("DOMAIN"), { domain: "https://x.com" });
 * result.success; // false: "Domain must be a host name such as events.example.com, ..."
 */
/* @__NO_SIDE_EFFECTS__ */
export function credentialSchemaFor(kind: IntegrationKind): CredentialSchema {
  const entries: v.ObjectEntries = {};
  for (const field of integrationCatalogue[kind].credentials) {
    entries[field.name] = fieldSchema(field);
  }
  return v.object(entries);
}
