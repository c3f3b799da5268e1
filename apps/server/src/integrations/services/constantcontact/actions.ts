import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import type { ActionOutcome } from "../../actions/types.js";
import type { ActionExecutor, ActionRun } from "../types.js";
import { actionPeer, contactOf, namesOf, tagIdOf } from "./api.js";

/*
 * Constant Contact's executors. Its v3 API defines no idempotency key: the list write is its
 * create-or-update (`sign_up_form`), and the tag and delete look at the contact first, so a retry
 * after a lost answer finds the work done.
 */

const begin = async (run: ActionRun) => {
  requireReady(run.job);
  return actionPeer(run);
};

/**
 * CONSTANTCONTACT `addTag`: the lower-cased tag (found by name, created when missing) is added
 * to the registrant's contact with the tagging activity (`POST /v3/activities/contacts_taggings_add`
 * `{ source: { contact_ids: [id] }, tag_ids: [tag] }`); someone who is no contact yet is created
 * with it (`POST /v3/contacts` `{ email_address, first_name, last_name, create_source, taggings }`).
 *
 * @example
 * await constantContactAddTag(run); // { status: "sent", detail: 'tag "vip" added to contact 5b… (HTTP 201)' }
 */
export const constantContactAddTag: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await begin(run);
  const tag = await tagIdOf(peer, modelText(run.job, "tagName"));
  const contact = await contactOf(peer, run.job.registrant.email);
  if (!contact) {
    const { status, body } = await peer.call<{ contact_id?: string }>("/v3/contacts", {
      json: {
        email_address: { address: run.job.registrant.email, permission_to_send: "implicit" },
        ...namesOf(run),
        create_source: "Account",
        taggings: [tag.id],
      },
    });
    return { status: "sent", detail: `contact ${body?.contact_id ?? ""} created with tag "${tag.name}" (HTTP ${status})` };
  }
  if (contact.taggings?.includes(tag.id)) return { status: "sent", detail: `contact ${contact.contact_id} already has tag "${tag.name}"` };
  const { status } = await peer.call("/v3/activities/contacts_taggings_add", {
    json: { source: { contact_ids: [contact.contact_id] }, tag_ids: [tag.id] },
  });
  return { status: "sent", detail: `tag "${tag.name}" added to contact ${contact.contact_id} (HTTP ${status})` };
};

/**
 * CONSTANTCONTACT `moveList`: Constant Contact's create-or-update (`POST /v3/contacts/sign_up_form`
 * `{ email_address, first_name, last_name, list_memberships: [list] }`) adds the registrant to the
 * list, keeping their other lists (201 created, 200 updated).
 */
export const constantContactMoveList: ActionExecutor = async (run): Promise<ActionOutcome> => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await begin(run);
  const list = modelText(run.job, "listName");
  const { status, body } = await peer.call<{ contact_id?: string; action?: string }>("/v3/contacts/sign_up_form", {
    json: { email_address: run.job.registrant.email, ...namesOf(run), list_memberships: [list] },
  });
  return { status: "sent", detail: `contact ${body?.contact_id ?? ""} ${body?.action ?? "added"} on list ${list} (HTTP ${status})` };
};

/** CONSTANTCONTACT `delete`: `DELETE /v3/contacts/{contact_id}` (204; 404 = already gone); skipped when there is no contact. */
export const constantContactDelete: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await begin(run);
  const contact = await contactOf(peer, run.job.registrant.email);
  if (!contact) return { status: "skipped", reason: "the registrant is not a Constant Contact contact" };
  const { status } = await peer.call(`/v3/contacts/${encodeURIComponent(contact.contact_id)}`, { method: "DELETE", allow: [404] });
  return { status: "sent", detail: `contact ${contact.contact_id} deleted (HTTP ${status})` };
};
