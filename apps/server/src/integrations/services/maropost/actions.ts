import { normalizeTagName } from "@cuepoint/sdk";
import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import type { ActionJob, ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { maroPeer } from "./api.js";

const names = (job: ActionJob) => {
  const [first_name = "", ...rest] = job.registrant.name.trim().split(/\s+/);
  return { first_name, last_name: rest.join(" ") };
};

/** The registrant's contact id (`GET /contacts/email.json?contact[email]=`), or undefined (404). */
async function findContact({ job, service }: ActionRun): Promise<string | undefined> {
  const { status, body } = await maroPeer<{ id?: number | string }>(service, "/contacts/email", {
    query: { "contact[email]": job.registrant.email },
    allow: [404],
  });
  return status === 404 || body?.id === undefined ? undefined : String(body.id);
}

/**
 * MAROPOST `addTag`: Maropost tags contacts by tag name (`add_tags`). The contact is looked up by
 * email first; an existing one is updated (`PUT /contacts/{id}.json`), a new one created with
 * its names (`POST /contacts.json`) — so a retry after a lost answer finds the contact it made
 * and tags it again, which changes nothing.
 */
export async function addTag(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  const tag = normalizeTagName(modelText(job, "tagName"));
  const contact = await findContact(run);
  if (contact) {
    const { status } = await maroPeer(service, `/contacts/${encodeURIComponent(contact)}`, {
      method: "PUT",
      json: { contact: { email: job.registrant.email, add_tags: [tag] } },
    });
    return { status: "sent", detail: `contact ${contact} tagged "${tag}" (HTTP ${status})` };
  }
  const { status, body } = await maroPeer<{ id?: number | string }>(service, "/contacts", {
    json: { contact: { email: job.registrant.email, ...names(job), add_tags: [tag] } },
  });
  return { status: "sent", detail: `contact ${String(body?.id ?? "")} created and tagged "${tag}" (HTTP ${status})` };
}

/** MAROPOST `removeTag`: the contact by email, then `PUT /contacts/{id}.json` with `remove_tags`. */
export async function removeTag(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  const contact = await findContact(run);
  if (!contact) return { status: "skipped", reason: "the registrant is not a Maropost contact" };
  const tag = normalizeTagName(modelText(job, "tagName"));
  const { status } = await maroPeer(service, `/contacts/${encodeURIComponent(contact)}`, {
    method: "PUT",
    json: { contact: { email: job.registrant.email, remove_tags: [tag] } },
  });
  return { status: "sent", detail: `tag "${tag}" removed from contact ${contact} (HTTP ${status})` };
}

/**
 * MAROPOST `moveList`: `POST /lists/{listName}/contacts.json` `{contact: {email, first_name,
 * last_name, subscribe: true}}` — Maropost creates the contact in the list, or updates the one
 * of that email, so a retry adds nothing twice.
 */
export async function moveList({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  const list = modelText(job, "listName");
  const { status, body } = await maroPeer<{ id?: number | string }>(service, `/lists/${encodeURIComponent(list)}/contacts`, {
    json: { contact: { email: job.registrant.email, ...names(job), subscribe: true } },
  });
  return { status: "sent", detail: `contact ${String(body?.id ?? "")} subscribed to list ${list} (HTTP ${status})` };
}
