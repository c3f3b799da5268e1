import { modelText, NO_EMAIL } from "../../actions/require.js";
import { PermanentActionError, type ActionJob, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun, ServiceContext } from "../types.js";
import { keapPeer } from "./api.js";

/** Keap's contact filter value: `email==<address>` (the API's own `==` syntax). */
const byEmail = (email: string) => `/contacts?${new URLSearchParams({ filter: `email==${email}`, fields: "id,email_addresses", page_size: "1" })}`;

/** The registrant's contact id, or undefined when Keap has no contact with that email. */
async function findContact(ctx: ServiceContext, email: string): Promise<string | undefined> {
  const { body } = await keapPeer<{ contacts?: Array<{ id: string | number }> }>(ctx, byEmail(email));
  const id = body?.contacts?.[0]?.id;
  return id === undefined ? undefined : String(id);
}

/**
 * The registrant's contact id: the existing contact of that email, left as it is (Keap's
 * create-or-update replaces the lists of addresses and phones it is given), else a new one
 * (`POST /contacts?duplicate_option=Email`, so two runs at once still make one contact) with the
 * email and the name split as the other CRMs do.
 */
async function ensureContact(ctx: ServiceContext, job: ActionJob): Promise<string> {
  const email = job.registrant.email.trim();
  const found = await findContact(ctx, email);
  if (found) return found;
  const [givenName = "", ...rest] = job.registrant.name.trim().split(/\s+/);
  const { body } = await keapPeer<{ id?: string | number }>(ctx, "/contacts?duplicate_option=Email", {
    json: {
      email_addresses: [{ email, field: "EMAIL1" }],
      ...(givenName && { given_name: givenName }),
      ...(rest.length > 0 && { family_name: rest.join(" ") }),
    },
  });
  if (body?.id === undefined) throw new PermanentActionError("Keap answered without a contact id.");
  return String(body.id);
}

/** A picked `<campaign id>:<id>` (sequences and goals are addressed through their campaign). */
function campaignPick(job: ActionJob, field: string, noun: string, label: string): [string, string] {
  const [campaign, id, extra] = modelText(job, field).split(":");
  if (!campaign || !id || extra !== undefined || !/^\d+$/.test(campaign) || !/^\d+$/.test(id)) {
    throw new PermanentActionError(`${label}: pick ${noun} again from the list (${field}).`);
  }
  return [campaign, id];
}

const tagOf = (job: ActionJob) => encodeURIComponent(modelText(job, "tagName"));

/**
 * INFUSIONSOFT `addTag`: the registrant's contact (found, else created) gets the picked tag
 * (`POST /tags/{tag_id}/contacts:applyTags` `{contact_ids}`); applying a tag twice changes
 * nothing, so a retry is safe.
 *
 * @example
 * await keapAddTag(run); // { status: "sent", detail: "contact 1001 tagged 93" }
 */
export async function keapAddTag({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const contact = await ensureContact(service, job);
  const { body } = await keapPeer<{ results?: Record<string, string> }>(service, `/tags/${tagOf(job)}/contacts:applyTags`, {
    json: { contact_ids: [contact] },
  });
  const result = body?.results?.[contact];
  if (result && /FAIL|NOT|INVALID/i.test(result)) throw new PermanentActionError(`Keap did not tag contact ${contact}: ${result}.`);
  return { status: "sent", detail: `contact ${contact} tagged ${modelText(job, "tagName")}` };
}

/**
 * INFUSIONSOFT `removeTag`: `POST /tags/{tag_id}/contacts:removeTags` `{contact_ids}` for the
 * registrant's contact; skipped when Keap has no contact of that email.
 */
export async function keapRemoveTag({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const contact = await findContact(service, job.registrant.email.trim());
  if (!contact) return { status: "skipped", reason: "the registrant is not a Keap contact" };
  const { status } = await keapPeer(service, `/tags/${tagOf(job)}/contacts:removeTags`, { json: { contact_ids: [contact] } });
  return { status: "sent", detail: `tag ${modelText(job, "tagName")} removed from contact ${contact} (HTTP ${status})` };
}

/**
 * INFUSIONSOFT `addToSequence`: the registrant's contact (found, else created) is added to the
 * picked campaign sequence (`POST /campaigns/{campaign_id}/sequences/{sequence_id}:addContacts`);
 * a retry answers ALREADY_IN_SEQUENCE and changes nothing.
 */
export async function keapAddToSequence({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const [campaign, sequence] = campaignPick(job, "sequenceName", "a campaign sequence", service.label);
  const contact = await ensureContact(service, job);
  const { body } = await keapPeer<{ add_to_sequence_results?: Record<string, string> }>(
    service,
    `/campaigns/${campaign}/sequences/${sequence}:addContacts`,
    { json: { contact_ids: [contact] } },
  );
  const result = body?.add_to_sequence_results?.[contact] ?? "SUCCESS";
  if (result !== "SUCCESS" && result !== "ALREADY_IN_SEQUENCE") {
    throw new PermanentActionError(`Keap did not add contact ${contact} to sequence ${sequence}: ${result}.`);
  }
  return { status: "sent", detail: `contact ${contact} added to sequence ${sequence} of campaign ${campaign} (${result})` };
}

/**
 * INFUSIONSOFT `achieveGoal`: the registrant's contact (found, else created) achieves the picked
 * API goal (`POST /automations/goals/achieve` `{automation_id, goal_id, contact_id}`; a campaign
 * is an automation in API v2). Keap answers per goal whether it was achieved.
 */
export async function keapAchieveGoal({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const [campaign, goal] = campaignPick(job, "goalName", "an API goal", service.label);
  const contact = await ensureContact(service, job);
  const { body } = await keapPeer<{ results?: Array<{ success?: boolean; message?: string }> }>(service, "/automations/goals/achieve", {
    json: { automation_id: Number(campaign), goal_id: Number(goal), contact_id: Number(contact) },
    // A goal achieved twice starts its sequence twice, and Keap takes no idempotency key.
    once: true,
  });
  const failed = body?.results?.find((result) => result.success === false);
  if (failed) throw new PermanentActionError(`Keap did not achieve goal ${goal}: ${failed.message ?? "no reason given"}.`);
  return { status: "sent", detail: `contact ${contact} achieved goal ${goal} of campaign ${campaign}` };
}

/**
 * INFUSIONSOFT `delete`: removes the registrant's contact (`DELETE /contacts/{contact_id}`);
 * skipped when Keap has none of that email (so a retry after a lost answer is skipped, not an
 * error).
 */
export async function keapDelete({ job, service }: ActionRun): Promise<ActionOutcome> {
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const contact = await findContact(service, job.registrant.email.trim());
  if (!contact) return { status: "skipped", reason: "the registrant is not a Keap contact" };
  const { status } = await keapPeer(service, `/contacts/${encodeURIComponent(contact)}`, { method: "DELETE", allow: [404] });
  return { status: "sent", detail: `contact ${contact} deleted (HTTP ${status})` };
}
