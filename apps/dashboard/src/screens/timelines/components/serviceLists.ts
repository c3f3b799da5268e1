import { hasServiceLists, type ActionField, type ListName, type ServiceList } from "@cuepoint/sdk";
import type { ActionSource } from "./actionDraft.js";

/*
 * The service's lists (tags, audiences, campaigns…) an action field picks from: which sources need
 * them, the cache `checkActionFields` reads, and the choices one field offers.
 */

/** The lists of one integration by name, as `POST /{kind}/getlists` answers them; also the cache `checkActionFields` takes. */
export type ServiceLists = Partial<Record<ListName, readonly ServiceList[]>>;

/** Lists that come from the media library, not from the service. */
const MEDIA_LISTS: ReadonlySet<ListName> = new Set(["audios"]);

/** True when the field's value must be an entry of one of the service's lists. */
export const picksFromService = (field: ActionField): boolean => Boolean(field.list && !MEDIA_LISTS.has(field.list));

/**
 * True when one of the source's actions has a field picked from the service's lists and the
 * server reads that service's lists (the catalogue's `lists`), so choosing the source loads them.
 * The live room has none; for a service without them (ClickSend, MailerLite) the id is typed.
 *
 * @example
 * needsServiceLists(mailchimpSource); // true
 * needsServiceLists(mailerLiteSource); // false
 */
export function needsServiceLists(source: ActionSource | undefined): boolean {
  if (!source?.integrationID || !hasServiceLists(source.kind)) return false;
  return source.actions.some((a) => a.fields.some(picksFromService));
}

/**
 * `getlists` answers lists by name, or (older services) one bare list, which is the `lists`.
 *
 * @example
 * serviceListsOf([{ id: "1", name: "News" }]); // { lists: [{ id: "1", name: "News" }] }
 */
export function serviceListsOf(answer: ServiceList[] | Record<string, ServiceList[]>): ServiceLists {
  return Array.isArray(answer) ? { lists: answer } : (answer as ServiceLists);
}

/**
 * The lists as far as the form's other choices allow: tags that belong to one list (Mailchimp
 * audiences) only for the list chosen in `listName`. Both the select's choices and the caches the
 * rule judges with come from here, so a tag of another audience is refused, not just hidden.
 *
 * @example
 * scopedLists({ tags: [{ id: "7", name: "vip", listID: "a1" }] }, { listName: "a2" }).tags; // []
 */
export function scopedLists(lists: ServiceLists, model: Readonly<Record<string, string>>): ServiceLists {
  const chosen = model.listName;
  if (!chosen || !lists.tags) return lists;
  return { ...lists, tags: lists.tags.filter((tag) => tag.listID === undefined || String(tag.listID) === chosen) };
}

/** The value an entry stores in the field: its name for fields matched by name (tags), else its id. */
export const entryValue = (field: ActionField, entry: ServiceList): string => (field.match === "name" ? entry.name : String(entry.id));

/**
 * The choices of a list field: the entries of its list (after {@link scopedLists}); the current
 * value kept (and marked) when it is not among them, so the form shows what is saved and the rule
 * can say why.
 *
 * @example
 * listChoices(TAG_BY_NAME, { tags: [{ id: "7", name: "vip", listID: "a1" }] }, { listName: "a1" }, "");
 * // [{ value: "vip", label: "vip" }]
 */
export function listChoices(
  field: ActionField,
  lists: ServiceLists,
  model: Readonly<Record<string, string>>,
  value: string,
): Array<{ value: string; label: string }> {
  const entries = (field.list && scopedLists(lists, model)[field.list]) || [];
  const choices = entries.map((entry) => ({ value: entryValue(field, entry), label: entry.name || String(entry.id) }));
  const unique = choices.filter((c, i) => choices.findIndex((d) => d.value === c.value) === i);
  if (value && !unique.some((c) => c.value === value)) unique.unshift({ value, label: `${value} (not in the list)` });
  return unique;
}
