import type { ActionJob } from "../../actions/types.js";

/**
 * The JSON body of `sendWebhook` (our design; the spec names only the action): what happened,
 * to whom, for which event. Zapier and other receivers map these fields; keep names stable.
 *
 * @example
 * webhookPayload(job, new Date()).registrant.email; // "ada@example.com"
 */
export function webhookPayload(job: ActionJob, now: Date) {
  const { registrant, event, node, timeline } = job;
  return {
    event: "timeline.action",
    source: "cuepoint",
    idempotency_key: job.idempotencyKey,
    attempt: job.attempt,
    due_at: job.dueAt.toISOString(),
    sent_at: now.toISOString(),
    timeline: { id: timeline.id, name: timeline.name },
    action: { id: node.id ?? node.key ?? "", title: node.actionTitle, action: node.action },
    registrant: {
      id: registrant.id,
      name: registrant.name,
      email: registrant.email,
      phone: registrant.phone,
      time_zone: registrant.timeZone,
      sms_consent: registrant.smsConsent,
      fields: registrant.fields,
    },
    webinar: {
      id: event.id,
      name: event.name,
      starts_at: event.startsAt.toISOString(),
      time_zone: event.timeZone,
      join_url: event.joinUrl,
      replay_url: event.replayUrl,
    },
  };
}
