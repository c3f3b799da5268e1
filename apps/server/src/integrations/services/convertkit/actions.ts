import { normalizeTagName } from "@cuepoint/sdk";
import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import type { ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { kitPeer, readAll } from "./api.js";

interface Subscriber {
  subscriber?: { id?: number | string };
}

/**
 * Creates or updates the registrant's subscriber (`POST /v4/subscribers`, an upsert by email
 * address: Kit keeps one first name, so the whole name goes there when it has one word, else
 * its first word — as the other email services split it).
 */
async function upsertSubscriber({ job, service }: ActionRun): Promise<string> {
  const [firstName = ""] = job.registrant.name.trim().split(/\s+/);
  const { body } = await kitPeer<Subscriber>(service, "/subscribers", {
    json: { email_address: job.registrant.email, first_name: firstName },
  });
  return String(body?.subscriber?.id ?? "");
}

/** The id of the tag named `model.tagName` (lower-cased, spec §5), or undefined. */
async function findTag(run: ActionRun): Promise<string | undefined> {
  const name = normalizeTagName(modelText(run.job, "tagName"));
  const get = async <T>(path: string) => (await kitPeer<T>(run.service, path)).body;
  const tags = await readAll(get, "tags");
  return tags.find((tag) => normalizeTagName(tag.name) === name)?.id;
}

/**
 * CONVERTKIT `addTag`: the subscriber (upsert), the tag by its lower-cased name (`POST /v4/tags`
 * answers the existing tag of that name, or creates it), then `POST /v4/tags/{id}/subscribers`
 * `{email_address}`. Every step is idempotent, so a retry repeats nothing.
 */
export async function addTag(run: ActionRun): Promise<ActionOutcome> {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const subscriber = await upsertSubscriber(run);
  const name = normalizeTagName(modelText(run.job, "tagName"));
  const { body } = await kitPeer<{ tag?: { id?: number | string } }>(run.service, "/tags", { json: { name } });
  const tag = String(body?.tag?.id ?? "");
  const { status } = await kitPeer(run.service, `/tags/${encodeURIComponent(tag)}/subscribers`, {
    json: { email_address: run.job.registrant.email },
  });
  return { status: "sent", detail: `subscriber ${subscriber} tagged "${name}" (tag ${tag}, HTTP ${status})` };
}

/**
 * CONVERTKIT `removeTag`: finds the tag by name among the account's tags (never creating one),
 * then `DELETE /v4/tags/{id}/subscribers` `{email_address}`; skipped when there is no such tag
 * or Kit does not know the subscriber (404).
 */
export async function removeTag(run: ActionRun): Promise<ActionOutcome> {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const tag = await findTag(run);
  if (!tag) return { status: "skipped", reason: "Kit has no tag of this name" };
  const { status } = await kitPeer(run.service, `/tags/${encodeURIComponent(tag)}/subscribers`, {
    method: "DELETE",
    json: { email_address: run.job.registrant.email },
    allow: [404],
  });
  if (status === 404) return { status: "skipped", reason: "the registrant is not a Kit subscriber" };
  return { status: "sent", detail: `tag ${tag} removed (HTTP ${status})` };
}

/**
 * CONVERTKIT `addToSequence`: the subscriber (upsert), then `POST
 * /v4/sequences/{sequenceName}/subscribers` `{email_address}` (200 when already in it).
 */
export async function addToSequence(run: ActionRun): Promise<ActionOutcome> {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const subscriber = await upsertSubscriber(run);
  const sequence = modelText(run.job, "sequenceName");
  const { status } = await kitPeer(run.service, `/sequences/${encodeURIComponent(sequence)}/subscribers`, {
    json: { email_address: run.job.registrant.email },
  });
  return { status: "sent", detail: `subscriber ${subscriber} added to sequence ${sequence} (HTTP ${status})` };
}
