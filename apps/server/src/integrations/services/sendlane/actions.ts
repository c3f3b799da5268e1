import { normalizeTagName } from "@cuepoint/sdk";
import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { lanePeer, readAll } from "./api.js";

const NOT_A_CONTACT = { status: "skipped", reason: "the registrant is not a Sendlane contact" } as const;

/**
 * The registrant's contact id (`GET /v2/contacts/search?email=`), or undefined when Sendlane has
 * no contact of that address (404).
 */
async function findContact({ job, service }: ActionRun): Promise<string | undefined> {
  const { status, body } = await lanePeer<{ data?: { id?: number | string } }>(
    service,
    `/contacts/search?email=${encodeURIComponent(job.registrant.email)}`,
    { allow: [404] },
  );
  return status === 404 || body?.data?.id === undefined ? undefined : String(body.data.id);
}

/** The id of the account's tag named `model.tagName` (lower-cased), created when `create` and missing. */
async function tagId(run: ActionRun, create: boolean): Promise<string | undefined> {
  const name = normalizeTagName(modelText(run.job, "tagName"));
  const get = async <T>(path: string) => (await lanePeer<T>(run.service, path)).body;
  const found = (await readAll(get, "tags")).find((tag) => normalizeTagName(tag.name) === name);
  if (found || !create) return found?.id;
  const { body } = await lanePeer<{ data?: { id?: number | string } }>(run.service, "/tags", { json: { name } });
  if (body?.data?.id === undefined) throw new PermanentActionError(`${run.service.label} answered without a tag id.`);
  return String(body.data.id);
}

/**
 * SENDLANE `addTag`: the contact by email, the tag by its lower-cased name (looked up first, so a
 * retry after a lost answer finds the tag it created), then `POST /v2/contacts/{id}/tags`
 * `{tag_ids}`. Sendlane creates contacts only by adding them to a list, so a registrant who is
 * not a contact yet is skipped (a moveList first makes them one).
 */
export async function addTag(run: ActionRun): Promise<ActionOutcome> {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const contact = await findContact(run);
  if (!contact) return NOT_A_CONTACT;
  const tag = (await tagId(run, true)) as string;
  const { status } = await lanePeer(run.service, `/contacts/${encodeURIComponent(contact)}/tags`, {
    json: { tag_ids: [Number(tag)] },
  });
  return { status: "sent", detail: `contact ${contact} tagged ${tag} (HTTP ${status})` };
}

/** SENDLANE `removeTag`: the contact and the tag by name, then `DELETE /v2/contacts/{id}/tags/{tagId}`. */
export async function removeTag(run: ActionRun): Promise<ActionOutcome> {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const contact = await findContact(run);
  if (!contact) return NOT_A_CONTACT;
  const tag = await tagId(run, false);
  if (!tag) return { status: "skipped", reason: "Sendlane has no tag of this name" };
  const { status } = await lanePeer(run.service, `/contacts/${encodeURIComponent(contact)}/tags/${encodeURIComponent(tag)}`, {
    method: "DELETE",
    allow: [404],
  });
  if (status === 404) return { status: "skipped", reason: "the contact does not have this tag" };
  return { status: "sent", detail: `tag ${tag} removed from contact ${contact} (HTTP ${status})` };
}

/**
 * SENDLANE `moveList`: `POST /v2/lists/{listName}/contacts` `{contacts: [{email, first_name,
 * last_name}]}` — creates the contact when new; adding a member again changes nothing, so a
 * retry is safe. Sendlane answers 202 (accepted for processing).
 */
export async function moveList({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  const [first = "", ...rest] = job.registrant.name.trim().split(/\s+/);
  const contact: Record<string, string> = { email: job.registrant.email };
  if (first) contact.first_name = first;
  if (rest.length) contact.last_name = rest.join(" ");
  const list = modelText(job, "listName");
  const { status } = await lanePeer(service, `/lists/${encodeURIComponent(list)}/contacts`, { json: { contacts: [contact] } });
  return { status: "sent", detail: `${job.registrant.email} added to list ${list} (HTTP ${status})` };
}
