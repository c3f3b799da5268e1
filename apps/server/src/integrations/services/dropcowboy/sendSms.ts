import { fillMergeTags } from "@cuepoint/sdk";
import { modelText, smsSkipReason } from "../../actions/require.js";
import { messageVariables } from "../../actions/template.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { sendToDropCowboy } from "./send.js";

/** Drop Cowboy's limit for `sms_body`: "Character limit is 160." */
export const SMS_MAX_CHARS = 160;

/**
 * DROPCOWBOY `sendsms` over Drop Cowboy's `POST /v1/sms`: `phone_number` the registrant's phone,
 * `caller_id` the action's reply-to number (`replyTo`: "the phone number to forward calls and
 * texts to when the contact replies"), `pool_id` the action's number pool (`poolName`),
 * `sms_body` the personalised `smsText` (160 characters at most: a longer text fails before
 * asking), `opt_in: true` — sent only to registrants who gave SMS consent (`smsSkipReason`) —
 * and `foreign_id` the engine's idempotency key. Once-only: `send.ts`.
 *
 * @example
 * await sendSms(run); // { status: "sent", detail: "queued" }
 */
export async function sendSms(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  const skip = smsSkipReason(job);
  if (skip) return { status: "skipped", reason: skip };
  const body = fillMergeTags(String(job.node.model.smsText ?? ""), messageVariables(job));
  if ([...body].length > SMS_MAX_CHARS) {
    throw new PermanentActionError(
      `${service.label}: the text is ${[...body].length} characters with this registrant's details; Drop Cowboy sends ${SMS_MAX_CHARS} at most (smsText).`,
    );
  }
  return sendToDropCowboy(run, "sms", {
    phone_number: job.registrant.phone.trim(),
    caller_id: modelText(job, "replyTo"),
    pool_id: modelText(job, "poolName"),
    sms_body: body,
    opt_in: true,
    foreign_id: job.idempotencyKey,
  });
}
