import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionExecutor, ActionRun } from "../types.js";
import { actionPeer, contactsOf, defaultCampaign, tagIdOf, type GetResponsePeer } from "./api.js";

/*
 * GetResponse's executors. GetResponse takes no idempotency key; its tag upsert is a set
 * operation, and the other writes look first: a retry after a lost answer finds the contact
 * moved or gone. Adding a contact is queued (202), so a retry may not see it yet: the 409
 * "already added" it then answers means the first try went through.
 */

/** A new contact on `campaignId` (`POST /contacts`, 202 queued; 409 when already added). */
async function addContact(peer: GetResponsePeer, run: ActionRun, campaignId: string, tags: string[] = []) {
  const { email, name } = run.job.registrant;
  const { status } = await peer.call("/contacts", {
    json: {
      email,
      ...(name.trim() && { name: name.trim() }),
      campaign: { campaignId },
      ...(tags.length > 0 && { tags: tags.map((tagId) => ({ tagId })) }),
    },
    allow: [409],
  });
  return status === 409 ? `already added to list ${campaignId}` : `added to list ${campaignId} (HTTP ${status})`;
}

/**
 * GETRESPONSE `addTag`: the lower-cased tag (found by name, created when missing) is added to each
 * of the registrant's contacts (`POST /contacts/{id}/tags` `{ tags: [{ tagId }] }`, which keeps
 * their other tags); someone who is no contact yet is added to the account's default list with it.
 *
 * @example
 * await getResponseAddTag(run); // { status: "sent", detail: 'tag "vip" added to contact Vp9 (HTTP 200)' }
 */
export const getResponseAddTag: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const peer = await actionPeer(run);
  const tag = await tagIdOf(peer, modelText(run.job, "tagName"));
  const contacts = await contactsOf(peer, run.job.registrant.email);
  if (contacts.length === 0) {
    const campaign = await defaultCampaign(peer);
    if (!campaign) throw new PermanentActionError(`${peer.label}: the account has no default list to add the registrant to.`);
    return { status: "sent", detail: `${await addContact(peer, run, campaign, [tag.tagId])} with tag "${tag.name}"` };
  }
  const done: string[] = [];
  for (const contact of contacts) {
    const { status } = await peer.call(`/contacts/${encodeURIComponent(contact.contactId)}/tags`, { json: { tags: [{ tagId: tag.tagId }] } });
    done.push(`${contact.contactId} (HTTP ${status})`);
  }
  return { status: "sent", detail: `tag "${tag.name}" added to contact ${done.join(", ")}` };
};

/**
 * GETRESPONSE `moveList`: a contact on another list is moved to the node's list (`POST
 * /contacts/{id}` `{ campaign: { campaignId } }`: GetResponse moves it with its history); someone
 * on no list is added to it; someone already on it is left as is.
 */
export const getResponseMoveList: ActionExecutor = async (run): Promise<ActionOutcome> => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const peer = await actionPeer(run);
  const campaignId = modelText(run.job, "campaignName");
  const contacts = await contactsOf(peer, run.job.registrant.email);
  if (contacts.some((contact) => contact.campaign?.campaignId === campaignId)) {
    return { status: "sent", detail: `already on list ${campaignId}` };
  }
  const from = contacts[0];
  if (!from) return { status: "sent", detail: await addContact(peer, run, campaignId) };
  const { status } = await peer.call(`/contacts/${encodeURIComponent(from.contactId)}`, { json: { campaign: { campaignId } } });
  return { status: "sent", detail: `contact ${from.contactId} moved from list ${from.campaign?.campaignId ?? "?"} to list ${campaignId} (HTTP ${status})` };
};

/**
 * GETRESPONSE `delete`: deletes every contact of the registrant's email (`DELETE
 * /contacts/{id}`, 204; a 404 means already gone); skipped when there is none.
 */
export const getResponseDelete: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  requireReady(run.job);
  const peer = await actionPeer(run);
  const contacts = await contactsOf(peer, run.job.registrant.email);
  if (contacts.length === 0) return { status: "skipped", reason: "the registrant is not a GetResponse contact" };
  const done: string[] = [];
  for (const contact of contacts) {
    const { status } = await peer.call(`/contacts/${encodeURIComponent(contact.contactId)}`, { method: "DELETE", allow: [404] });
    done.push(`${contact.contactId} (HTTP ${status})`);
  }
  return { status: "sent", detail: `deleted contact ${done.join(", ")}` };
};
