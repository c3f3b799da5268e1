import { isLiveAction } from "@cuepoint/sdk";
import { activeCampaignAddTag, activeCampaignMoveList, activeCampaignRemoveTag } from "./activecampaign.js";
import { hubspotAddToWorkflow, hubspotMoveList } from "./hubspot.js";
import { mailchimpAddTag, mailchimpMoveList, mailchimpRemoveTag } from "./mailchimp.js";
import { sendMail } from "./sendMail.js";
import { sendSms } from "./sendSms.js";
import { sendWebhook } from "./sendWebhook.js";
import type { ActionContext, ActionJob, ActionOutcome, ExecuteAction } from "./types.js";

export {
  AUTORESPONDER_MESSAGES,
  autoresponderKey,
  autoresponderMessageOf,
  autoresponderNode,
  autoresponderSketch,
  type AutoresponderMessage,
} from "./autoresponder.js";
export { checkActionReady, type ActionCaches, type ActionReadiness } from "./ready.js";
export * from "./types.js";

type Executor = (ctx: ActionContext, job: ActionJob) => Promise<ActionOutcome>;

/** One executor per `KIND:action`; README.md gives each request shape. */
const EXECUTORS: Readonly<Record<string, Executor>> = {
  "WEBHOOK:sendWebhook": sendWebhook,
  "ZAPIER:sendWebhook": sendWebhook,
  "SMTP:sendMail": sendMail,
  "TWILIO:sendsms": sendSms,
  "TWILIO:sendmms": sendSms,
  "MAILCHIMP:addTag": mailchimpAddTag,
  "MAILCHIMP:removeTag": mailchimpRemoveTag,
  "MAILCHIMP:moveList": mailchimpMoveList,
  "ACTIVECAMPAIGN:addTag": activeCampaignAddTag,
  "ACTIVECAMPAIGN:removeTag": activeCampaignRemoveTag,
  "ACTIVECAMPAIGN:moveList": activeCampaignMoveList,
  "HUBSPOT:addToWorkflow": hubspotAddToWorkflow,
  "HUBSPOT:moveList": hubspotMoveList,
};

/** Whether this server carries out a node's action itself (otherwise it is skipped, with a reason). */
export const hasExecutor = (integrationType: string, action: string): boolean =>
  `${integrationType.toUpperCase()}:${action}` in EXECUTORS;

/**
 * Carries out one timeline action for one registrant (the scheduler's entry point), dispatching
 * on `node.integrationType` and `node.action` to its executor. Live-event actions (livechat, cta,
 * changesubject…) are skipped: they run inside the event as its live script. An action this
 * server has no executor for is skipped with a reason naming it, never silently dropped.
 * Throws RetryableActionError or PermanentActionError (types.ts).
 *
 * @example
 * const outcome = await executeAction({ db, config, now: () => new Date() }, job);
 * // { status: "sent", detail: "HTTP 200 (signed)" }
 */
export const executeAction: ExecuteAction = async (ctx, job) => {
  if (isLiveAction(job.node)) {
    return { status: "skipped", reason: "live-event action: part of the event's live script" };
  }
  const kind = job.node.integrationType.toUpperCase();
  const executor = EXECUTORS[`${kind}:${job.node.action}`];
  if (!executor) {
    const action = job.node.action || "(no action)";
    return { status: "skipped", reason: `no executor for ${action} on ${kind || "(no integration)"} yet` };
  }
  return executor(ctx, job);
};
