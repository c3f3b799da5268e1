import { checkTargetUrl } from "../url/targetUrl.js";
import {
  getIntegrationKind,
  type ActionField,
  type IntegrationEntry,
  type ListName,
} from "../../integrations/index.js";
import { invalidMessage, missingMessage, notFoundMessage } from "./messages.js";
import { normalizeTagName } from "./normalizeTagName.js";

/** One entry of a cached integration list (`POST /{kind}/getlists`). */
export interface ListEntry {
  readonly id: string | number;
  readonly name?: string;
}

/** What checkActionFields reads: the node's integration type, action and model, and caches. */
export interface ActionFieldsInput {
  /** The node's integrationType; matched case-insensitively. */
  readonly kind: string;
  /** The node's action key. */
  readonly action: string;
  /** The node's model. */
  readonly model: Readonly<Record<string, unknown>>;
  /** The integration's cached lists; a list that is absent is not cached and is not checked. */
  readonly lists?: Partial<Record<ListName, readonly ListEntry[]>>;
  /** The tags of the list the action targets (AWeber keeps tags per list). */
  readonly listTags?: readonly ListEntry[];
  /** The user's audio media; when given, an audio file must be one of them. */
  readonly audios?: ReadonlyArray<{ readonly uniqueID: string }>;
  /**
   * Addresses into private networks are let through (the server's `CUEPOINT_ALLOW_PRIVATE_TARGETS`);
   * default false, so a webhook to `http://127.0.0.1/…` is refused with the reason.
   */
  readonly allowPrivateTargets?: boolean;
}

export type ActionFieldProblemReason = "missing" | "notFound" | "invalid" | "unsupported";

/** One problem: the model field (or `integrationType` / `action`) and what to do about it. */
export interface ActionFieldProblem {
  readonly field: string;
  readonly message: string;
  readonly reason: ActionFieldProblemReason;
}

export type ActionFieldsResult = { readonly ok: true } | ({ readonly ok: false } & ActionFieldProblem);

function presentText(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  return undefined;
}

/** The cached entries a field's value must be among, or undefined when nothing is cached. */
function cachedEntries(field: ActionField, input: ActionFieldsInput): readonly ListEntry[] | undefined {
  if (!field.list) return undefined;
  if (field.list === "audios") {
    return input.audios?.map((a) => ({ id: a.uniqueID })) ?? input.lists?.audios;
  }
  const cached = input.lists?.[field.list];
  if (field.list === "tags" && input.listTags) return [...(cached ?? []), ...input.listTags];
  return cached;
}

function isListed(field: ActionField, value: string, entries: readonly ListEntry[]): boolean {
  if (field.match === "name") {
    const wanted = normalizeTagName(value);
    return entries.some((e) => normalizeTagName(e.name ?? String(e.id)) === wanted);
  }
  return entries.some((e) => String(e.id) === value);
}

function fieldProblem(
  field: ActionField,
  entry: IntegrationEntry,
  input: ActionFieldsInput,
): ActionFieldProblem | undefined {
  const value = presentText(input.model[field.name]);
  const problem = (reason: ActionFieldProblemReason, message: string) => ({
    field: field.name,
    reason,
    message,
  });
  if (value === undefined) return field.required ? problem("missing", missingMessage(field)) : undefined;
  if (field.kind === "url") {
    // The rule of every address the server calls because a person typed it (rules/url/targetUrl.ts).
    const target = checkTargetUrl(value, { label: field.label, allowPrivate: input.allowPrivateTargets });
    if (!target.ok) return problem("invalid", target.message);
  }
  if (field.kind === "number" && !Number.isFinite(Number(value))) {
    return problem("invalid", invalidMessage(field));
  }
  if (field.options && !field.options.some((o) => o.value === value)) {
    return problem("invalid", invalidMessage(field));
  }
  const entries = cachedEntries(field, input);
  if (entries && !isListed(field, value, entries)) {
    return problem("notFound", notFoundMessage(field, entry));
  }
  return undefined;
}

/**
 * Every problem with an action's required fields (spec §5 "Per-integration required fields"):
 * each required field of the catalogue action must be set; a value picked from a list must be in
 * that list when it is cached (by id, or by lower-cased name for email-marketing tags, among
 * the account's tags and the list's tags); an audio file must be among the user's audios when
 * given; a webhook must be an http(s) address the server may call (`checkTargetUrl`). Problems come in form order.
 *
 * @example
 * listActionFieldProblems({ kind: "TWILIO", action: "sendsms", model: {} });
 * // [{ field: "smsText", reason: "missing", message: "Enter the SMS text" },
 * //  { field: "phonenumber", reason: "missing", message: "Enter the sender phone number" }]
 */
export function listActionFieldProblems(input: ActionFieldsInput): ActionFieldProblem[] {
  const entry = getIntegrationKind(input.kind);
  if (!entry) {
    const message = `Pick an integration: "${input.kind}" is not one Cuepoint supports`;
    return [{ field: "integrationType", reason: "unsupported", message }];
  }
  const action = entry.actions.find((a) => a.key === input.action);
  if (!action) {
    return [{ field: "action", reason: "unsupported", message: `Pick an action that ${entry.label} offers` }];
  }
  return action.fields.flatMap((field) => fieldProblem(field, entry, input) ?? []);
}

/**
 * The first problem with an action's required fields, or ok. See listActionFieldProblems.
 *
 * @example
 * checkActionFields({
 *   kind: "MAILCHIMP", action: "addTag",
 *   model: { listName: "a1", tagName: "Buyer" },
 *   lists: { lists: [{ id: "a1" }], tags: [{ id: "7", name: "lead" }] },
 * });
 * // { ok: false, field: "tagName", reason: "notFound",
 * //   message: "Pick a tag that exists in this Mailchimp account" }
 */
export function checkActionFields(input: ActionFieldsInput): ActionFieldsResult {
  const [first] = listActionFieldProblems(input);
  return first ? { ok: false, ...first } : { ok: true };
}
