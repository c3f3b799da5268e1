import { fillMergeTags } from "@cuepoint/sdk";
import { callPeer } from "../../actions/http.js";
import { modelText, smsSkipReason } from "../../actions/require.js";
import { messageVariables } from "../../actions/template.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { basicAuth } from "./auth.js";

/** One message of ClickSend's `POST /v3/sms/send` answer (`data.messages[]`). */
interface SentMessage {
  message_id?: string;
  status?: string;
}

interface SendAnswer {
  response_msg?: string;
  data?: { queued_count?: number; messages?: SentMessage[] };
}

/**
 * CLICKSEND `sendsms` over ClickSend's REST v3 `POST /v3/sms/send`: JSON `{ messages: [{ source,
 * from, to, body, custom_string }] }` — `to` the registrant's phone, `from` the action's sender
 * number (`phonenumber`), `body` the personalised `smsText`, `custom_string` the engine's
 * idempotency key (so the host can find the message in ClickSend's history); HTTP Basic
 * `api_username:key`. ClickSend answers 200 for the request and says per message whether it was
 * queued (`status: "SUCCESS"`) or refused (`"INVALID_RECIPIENT"`…): a refused message fails the
 * job in ClickSend's word. ClickSend takes no idempotency key, so the send is once-only.
 *
 * @example
 * await sendSms(run); // { status: "sent", detail: "Messages queued for delivery. (message 1F2E…)" }
 */
export async function sendSms({ job, loaded, service }: ActionRun): Promise<ActionOutcome> {
  const skip = smsSkipReason(job);
  if (skip) return { status: "skipped", reason: skip };
  const { label } = service;
  const authorization = basicAuth(loaded.secrets.credentials);
  if (!authorization) throw new PermanentActionError(`${label}: the integration needs the API username and key.`);
  const message = {
    source: "cuepoint",
    from: modelText(job, "phonenumber"),
    to: job.registrant.phone.trim(),
    body: fillMergeTags(String(job.node.model.smsText ?? ""), messageVariables(job)),
    custom_string: job.idempotencyKey,
  };
  const { body } = await callPeer<SendAnswer>(label, service.url("https://rest.clicksend.com/v3/sms/send"), {
    json: { messages: [message] },
    headers: { authorization },
    // ClickSend takes no idempotency key: a message whose answer was lost is not sent again.
    once: true,
  });
  const [sent] = body?.data?.messages ?? [];
  if (!sent || sent.status !== "SUCCESS") {
    throw new PermanentActionError(`${label} did not queue the message: ${sent?.status ?? body?.response_msg ?? "no message in its answer"}`);
  }
  return { status: "sent", detail: [body?.response_msg, sent.message_id && `(message ${sent.message_id})`].filter(Boolean).join(" ") };
}
