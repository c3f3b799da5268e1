import { fillMergeTags } from "@cuepoint/sdk";
import { callPeer } from "../../actions/http.js";
import { modelText, smsSkipReason } from "../../actions/require.js";
import { messageVariables } from "../../actions/template.js";
import type { ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { SALESMSG_API, salesmsgHeaders } from "./api.js";

/** The queued message `POST /messages` answers (its fields as the reference lists them). */
interface QueuedMessage {
  id?: number | string;
  conversation_id?: number | string;
  status?: string;
}

/**
 * SALESMESSAGE `sendsms` over Salesmsg's `POST /messages` ("Send SMS by number", scope
 * `messages:write`): the fields go in the query string, as the reference declares them, with no
 * body — `number` the registrant's phone, `team_id` the inbox chosen in `teamId` (its number
 * sends), `message` the personalised `smsText`; the sign-in's token as Bearer. Salesmsg finds or
 * starts the conversation with that number itself. It takes no idempotency key, so the send is
 * once-only (`callPeer`'s `once`).
 *
 * @example
 * await sendSms(run); // { status: "sent", detail: "Salesmsg queued the message (message 9001, conversation 77)." }
 */
export async function sendSms({ job, service }: ActionRun): Promise<ActionOutcome> {
  const skip = smsSkipReason(job);
  if (skip) return { status: "skipped", reason: skip };
  const query = new URLSearchParams({
    number: job.registrant.phone.trim(),
    team_id: modelText(job, "teamId"),
    message: fillMergeTags(String(job.node.model.smsText ?? ""), messageVariables(job)),
  });
  const { body } = await callPeer<QueuedMessage>(service.label, service.url(`${SALESMSG_API}/messages?${query}`), {
    method: "POST",
    headers: await salesmsgHeaders(service),
    // Salesmsg takes no idempotency key: a text whose answer was lost is not sent again.
    once: true,
  });
  const ids = [body?.id !== undefined && `message ${String(body.id)}`, body?.conversation_id !== undefined && `conversation ${String(body.conversation_id)}`];
  const said = ids.filter(Boolean).join(", ");
  return { status: "sent", detail: `${service.label} queued the message${said ? ` (${said})` : ""}.` };
}
