import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import type { ActionJob, ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { litePeer } from "./api.js";

interface Subscriber {
  data?: { id?: string | number };
}

const nameFields = (job: ActionJob) => {
  const [name = "", ...rest] = job.registrant.name.trim().split(/\s+/);
  return { name, last_name: rest.join(" ") };
};

/**
 * The registrant's subscriber id (`GET /api/subscribers/{email}`: MailerLite finds a subscriber
 * by id or email address), or undefined when MailerLite does not know the address (404).
 */
async function findSubscriber({ job, service }: ActionRun): Promise<string | undefined> {
  const { status, body } = await litePeer<Subscriber>(service, `/subscribers/${encodeURIComponent(job.registrant.email)}`, { allow: [404] });
  return status === 404 || body?.data?.id === undefined ? undefined : String(body.data.id);
}

/**
 * MAILERLITE `addToGroup`: one upsert of the registrant (`POST /api/subscribers` with `groups:
 * [groupName]`, name and last name). MailerLite's upsert is non-destructive: it adds the group
 * and keeps the subscriber's other groups and status, and repeating it changes nothing.
 */
export async function addToGroup(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  const group = modelText(job, "groupName");
  const { status, body } = await litePeer<Subscriber>(service, "/subscribers", {
    json: { email: job.registrant.email, fields: nameFields(job), groups: [group] },
  });
  return { status: "sent", detail: `subscriber ${String(body?.data?.id ?? "")} added to group ${group} (HTTP ${status})` };
}

/**
 * MAILERLITE `removeFromGroup`: the subscriber by email, then `DELETE
 * /api/subscribers/{id}/groups/{groupName}`; skipped when MailerLite does not know the address.
 */
export async function removeFromGroup(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  const subscriber = await findSubscriber(run);
  if (!subscriber) return { status: "skipped", reason: "the registrant is not a MailerLite subscriber" };
  const group = modelText(job, "groupName");
  const { status } = await litePeer(service, `/subscribers/${encodeURIComponent(subscriber)}/groups/${encodeURIComponent(group)}`, {
    method: "DELETE",
  });
  return { status: "sent", detail: `subscriber ${subscriber} removed from group ${group} (HTTP ${status})` };
}

/**
 * MAILERLITE `delete`: the subscriber by email, then `DELETE /api/subscribers/{id}` (MailerLite
 * keeps no data of a deleted subscriber but its unsubscribe state); skipped when there is none,
 * so a retry after a lost answer is a skip, not an error.
 */
export async function deleteSubscriber(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  if (!job.registrant.email.trim()) return NO_EMAIL;
  requireReady(job);
  const subscriber = await findSubscriber(run);
  if (!subscriber) return { status: "skipped", reason: "the registrant is not a MailerLite subscriber" };
  const { status } = await litePeer(service, `/subscribers/${encodeURIComponent(subscriber)}`, { method: "DELETE", allow: [404] });
  if (status === 404) return { status: "skipped", reason: "the registrant is not a MailerLite subscriber" };
  return { status: "sent", detail: `subscriber ${subscriber} deleted (HTTP ${status})` };
}
