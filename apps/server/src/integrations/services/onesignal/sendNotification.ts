import { callPeer } from "../../actions/http.js";
import { modelText, NO_EMAIL } from "../../actions/require.js";
import { messageVariables } from "../../actions/template.js";
import { PermanentActionError, type ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { appCredentials, authorization, idempotencyUuid, ONESIGNAL_API } from "./api.js";

interface CreateAnswer {
  id?: string;
  errors?: unknown;
}

/** The webinar's details a template can show with Liquid (`{{ message.custom_data.join_link }}`). */
const CUSTOM_DATA = ["first_name", "name", "event_subject", "event_date", "event_time", "event_timezone", "join_link", "replay_link"];

/** OneSignal's reason for creating no message (`errors`: a list of sentences, or `invalid_aliases`). */
function notCreatedReason(errors: unknown): string {
  if (Array.isArray(errors) && typeof errors[0] === "string") return errors[0];
  if (errors && typeof errors === "object" && "invalid_aliases" in errors) return "the registrant has no push subscription in this app";
  return "no message was created";
}

/**
 * ONESIGNAL `sendNotification`: Create message, push channel (`POST /notifications?c=push`,
 * `Authorization: Key <REST API key>`), sending the picked template (`template`) to the user whose
 * External ID is the registrant's email (`include_aliases.external_id`, `target_channel: "push"`),
 * with the webinar's details in `custom_data` and an `idempotency_key` derived from the job's key,
 * so a retry is answered with the first attempt's message instead of a second one. A 200 without
 * an id (the person has no push subscription) is skipped with OneSignal's reason.
 *
 * @example
 * await sendNotification(run); // { status: "sent", detail: "message b98881cc-… created (HTTP 200)" }
 */
export async function sendNotification({ job, service }: ActionRun): Promise<ActionOutcome> {
  const email = job.registrant.email.trim();
  if (!email) return NO_EMAIL;
  const { appId, key } = appCredentials(service.credentials);
  if (!appId || !key) throw new PermanentActionError(`${service.label}: the integration needs the App ID and REST API key.`);
  const variables = messageVariables(job);
  const { status, body } = await callPeer<CreateAnswer>(service.label, service.url(`${ONESIGNAL_API}/notifications?c=push`), {
    headers: authorization(key),
    json: {
      app_id: appId,
      template_id: modelText(job, "template"),
      target_channel: "push",
      include_aliases: { external_id: [email] },
      custom_data: Object.fromEntries(CUSTOM_DATA.map((name) => [name, variables[name] ?? ""])),
      idempotency_key: idempotencyUuid(job.idempotencyKey),
    },
  });
  if (!body?.id) return { status: "skipped", reason: `${service.label}: ${notCreatedReason(body?.errors)}` };
  return { status: "sent", detail: `message ${body.id} created (HTTP ${status})` };
}
