import { fillMergeTags } from "@cuepoint/sdk";
import { callPeer } from "../../actions/http.js";
import { modelText, smsSkipReason } from "../../actions/require.js";
import { messageVariables } from "../../actions/template.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { mmsMediaUrl } from "./media.js";

/**
 * TWILIO `sendsms` and `sendmms` over Twilio's REST request: `POST
 * /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded `To` (the registrant's phone), `From`
 * (`model.phonenumber`), `Body` (`smsText`, or `mmsText` for MMS, personalised) and, for MMS,
 * `MediaUrl`; HTTP Basic `sid:token`. Origin rebased by `CUEPOINT_TWILIO_BASE_URL`. Skipped
 * without SMS consent or a phone number (quiet hours are the scheduler's).
 *
 * @example
 * await sendSms(run); // { status: "sent", detail: "HTTP 201 SM0123… queued" }
 */
export async function sendSms({ job, engine, loaded, service }: ActionRun): Promise<ActionOutcome> {
  const skip = smsSkipReason(job);
  if (skip) return { status: "skipped", reason: skip };
  const { label } = service;
  const sid = String(loaded.secrets.credentials.sid ?? "").trim();
  const token = String(loaded.secrets.credentials.token ?? "");
  if (!sid || !token) throw new PermanentActionError(`${label}: the integration needs the Account SID and auth token.`);
  const from = modelText(job, "phonenumber");
  if (!from) throw new PermanentActionError(`${label}: enter the sender phone number of this action (phonenumber).`);
  const isMms = job.node.action === "sendmms";
  const variables = messageVariables(job);
  const form: Record<string, string> = {
    To: job.registrant.phone.trim(),
    From: from,
    Body: fillMergeTags(String(job.node.model[isMms ? "mmsText" : "smsText"] ?? ""), variables),
  };
  if (isMms) form.MediaUrl = await mmsMediaUrl(engine, job, variables);
  const url = service.url(`https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`);
  const { status, body } = await callPeer<{ sid?: string; status?: string }>(label, url, {
    form,
    headers: { authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}` },
    // Twilio takes no idempotency key for a message: one whose answer was lost is not sent again.
    once: true,
  });
  return { status: "sent", detail: [`HTTP ${status}`, body?.sid, body?.status].filter(Boolean).join(" ") };
}
