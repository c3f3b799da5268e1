import { serviceUrl } from "../../integrations/endpoints.js";
import { callPeer } from "./http.js";
import { actionIntegration } from "./integration.js";
import { mmsMediaUrl } from "./mmsMedia.js";
import { modelText, requireReady } from "./require.js";
import { fillTemplate, messageVariables } from "./template.js";
import { PermanentActionError, type ActionContext, type ActionJob, type ActionOutcome } from "./types.js";

/** Why a registrant gets no text message, or undefined when they may get one. */
function smsSkipReason(job: ActionJob): string | undefined {
  if (!job.registrant.smsConsent) return "no SMS consent";
  if (!job.registrant.phone.trim()) return "the registrant has no phone number";
  return undefined;
}

/**
 * TWILIO `sendsms` and `sendmms` over Twilio's REST request: `POST
 * /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded `To` (the registrant's phone), `From`
 * (`model.phonenumber`), `Body` (`smsText`, or `mmsText` for MMS, personalised) and, for MMS,
 * `MediaUrl`; HTTP Basic `sid:token`. Origin rebased by `CUEPOINT_TWILIO_BASE_URL`. Skipped
 * without SMS consent or a phone number (quiet hours are the scheduler's).
 *
 * @example
 * await sendSms(ctx, job); // { status: "sent", detail: "HTTP 201 SM0123… queued" }
 */
export async function sendSms(ctx: ActionContext, job: ActionJob): Promise<ActionOutcome> {
  requireReady(job);
  const skip = smsSkipReason(job);
  if (skip) return { status: "skipped", reason: skip };
  const { loaded, label } = await actionIntegration(ctx, job);
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
    Body: fillTemplate(String(job.node.model[isMms ? "mmsText" : "smsText"] ?? ""), variables),
  };
  if (isMms) form.MediaUrl = await mmsMediaUrl(ctx, job, variables);
  const url = serviceUrl("TWILIO", `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`);
  const { status, body } = await callPeer<{ sid?: string; status?: string }>(label, url, {
    form,
    headers: { authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}` },
  });
  return { status: "sent", detail: [`HTTP ${status}`, body?.sid, body?.status].filter(Boolean).join(" ") };
}
