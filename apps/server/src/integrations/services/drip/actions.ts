import { normalizeTagName } from "@cuepoint/sdk";
import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import type { ActionOutcome } from "../../actions/types.js";
import type { ActionExecutor, ActionRun } from "../types.js";
import { actionPeer, subscriberOf } from "./api.js";

/*
 * Drip's executors. Drip takes no idempotency key: tagging is its create-or-update call (a set
 * operation), removals and deletes answer 404 once done, and an email-series subscription is
 * looked up before it is made, so a retry after a lost answer does not act twice.
 */

const begin = async (run: ActionRun) => {
  requireReady(run.job);
  return actionPeer(run);
};
const bySubscriber = (run: ActionRun) => `/subscribers/${encodeURIComponent(run.job.registrant.email)}`;

/**
 * DRIP `addTag`: Drip's create-or-update (`POST /v2/{account}/subscribers` `{ subscribers: [{
 * email, first_name, last_name, tags: [tag] }] }`) creates the subscriber when needed and applies
 * the lower-cased tag.
 *
 * @example
 * await dripAddTag(run); // { status: "sent", detail: 'tag "vip" applied (HTTP 200)' }
 */
export const dripAddTag: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await begin(run);
  const tag = normalizeTagName(modelText(run.job, "tagName"));
  const { status } = await peer.call("/subscribers", { json: { subscribers: [{ ...subscriberOf(run), tags: [tag] }] } });
  return { status: "sent", detail: `tag "${tag}" applied (HTTP ${status})` };
};

/** DRIP `removeTag`: `DELETE /v2/{account}/subscribers/{email}/tags/{tag}` (204); a 404 (no such subscriber) is skipped. */
export const dripRemoveTag: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await begin(run);
  const tag = normalizeTagName(modelText(run.job, "tagName"));
  const { status } = await peer.call(`${bySubscriber(run)}/tags/${encodeURIComponent(tag)}`, { method: "DELETE", allow: [404] });
  if (status === 404) return { status: "skipped", reason: "the registrant is not a Drip subscriber" };
  return { status: "sent", detail: `tag "${tag}" removed (HTTP ${status})` };
};

/**
 * DRIP `addToCampaign`: subscribes the registrant to the email series (`POST
 * /v2/{account}/campaigns/{id}/subscribers` `{ subscribers: [{ email, … }] }`), unless their
 * campaign subscriptions (`GET …/subscribers/{email}/campaign_subscriptions`) show them active in it.
 */
export const dripAddToCampaign: ActionExecutor = async (run): Promise<ActionOutcome> => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await begin(run);
  const campaign = modelText(run.job, "campaignName");
  const { status: found, body } = await peer.call<{ campaign_subscriptions?: Array<{ campaign_id: string | number; status: string }> }>(
    `${bySubscriber(run)}/campaign_subscriptions`,
    { allow: [404] },
  );
  const active = found !== 404 && body?.campaign_subscriptions?.some((s) => String(s.campaign_id) === campaign && s.status === "active");
  if (active) return { status: "sent", detail: `already active in email series ${campaign}` };
  const { status } = await peer.call(`/campaigns/${encodeURIComponent(campaign)}/subscribers`, { json: { subscribers: [subscriberOf(run)] } });
  return { status: "sent", detail: `subscribed to email series ${campaign} (HTTP ${status})` };
};

/**
 * DRIP `addToWorkflow`: starts the registrant on the workflow (`POST
 * /v2/{account}/workflows/{id}/subscribers` `{ subscribers: [{ email, … }] }`). Drip offers no
 * lookup of workflow membership; whether a second start of someone already in the workflow
 * counts is the workflow's own re-entry setting (see README.md).
 */
export const dripAddToWorkflow: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await begin(run);
  const workflow = modelText(run.job, "workflowName");
  const { status } = await peer.call(`/workflows/${encodeURIComponent(workflow)}/subscribers`, { json: { subscribers: [subscriberOf(run)] } });
  return { status: "sent", detail: `started on workflow ${workflow} (HTTP ${status})` };
};

/** DRIP `delete`: `DELETE /v2/{account}/subscribers/{email}` (204); a 404 (none, or already deleted) is skipped. */
export const dripDelete: ActionExecutor = async (run) => {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const peer = await begin(run);
  const { status } = await peer.call(bySubscriber(run), { method: "DELETE", allow: [404] });
  if (status === 404) return { status: "skipped", reason: "the registrant is not a Drip subscriber" };
  return { status: "sent", detail: `subscriber deleted (HTTP ${status})` };
};
