import { fillMergeTags } from "@cuepoint/sdk";
import type { WebClient } from "@slack/web-api";
import { asActionError } from "../../actions/errors.js";
import { modelText } from "../../actions/require.js";
import { messageVariables } from "../../actions/template.js";
import type { ActionJob, ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { slackClient, slackError } from "./client.js";

/** The metadata type Cuepoint's messages carry, so a retry can find a message already posted. */
export const SLACK_EVENT_TYPE = "cuepoint_timeline_action";

/**
 * Slack's escaping of `&`, `<` and `>` (https://docs.slack.dev/messaging/formatting-message-text#escaping),
 * applied to the registrant's values only: a name cannot become a link or an `<!channel>`
 * mention, while the host's own text keeps Slack's formatting.
 */
const escapeSlack = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const escapedVariables = (job: ActionJob) =>
  Object.fromEntries(Object.entries(messageVariables(job)).map(([name, value]) => [name, escapeSlack(value)]));

interface HistoryMessage {
  ts?: string;
  metadata?: { event_type?: string; event_payload?: Record<string, unknown> };
}

/**
 * On a retry, the message an earlier attempt posted before failing to hear Slack's answer (a
 * timeout, a 5xx): found in the channel's history since the job was due by the idempotency key in
 * its metadata. Slack has no idempotency key of its own for chat.postMessage. Undefined when none
 * is found, or when the history cannot be read (the app is not in a public channel it posts to
 * through `chat:write.public`): then it is posted.
 */
async function alreadyPosted(slack: WebClient, channel: string, job: ActionJob): Promise<string | undefined> {
  try {
    const history = await slack.conversations.history({
      channel,
      oldest: String(Math.floor(job.dueAt.getTime() / 1000) - 60),
      include_all_metadata: true,
      limit: 200,
    });
    const messages = (history.messages ?? []) as HistoryMessage[];
    return messages.find(
      (message) =>
        message.metadata?.event_type === SLACK_EVENT_TYPE && message.metadata.event_payload?.idempotency_key === job.idempotencyKey,
    )?.ts;
  } catch {
    return undefined;
  }
}

/**
 * SLACK `sendMessage`: `chat.postMessage` to the picked channel (`channel`, an id from
 * `conversations.list`) with the personalised `message` as `text`, and message metadata
 * `{ event_type: "cuepoint_timeline_action", event_payload: { idempotency_key } }`. A retry first
 * looks for that key in the channel's history, so a message whose answer was lost is not posted
 * twice.
 *
 * @example
 * await sendMessage(run); // { status: "sent", detail: "posted to C0GENERAL (ts 1709640001.000100)" }
 */
export async function sendMessage({ job, service }: ActionRun): Promise<ActionOutcome> {
  const channel = modelText(job, "channel");
  try {
    const slack = await slackClient(service);
    if (job.attempt > 1) {
      const ts = await alreadyPosted(slack, channel, job);
      if (ts) return { status: "sent", detail: `already posted to ${channel} by an earlier attempt (ts ${ts})` };
    }
    const answer = await slack.chat.postMessage({
      channel,
      text: fillMergeTags(String(job.node.model.message ?? ""), escapedVariables(job)),
      metadata: { event_type: SLACK_EVENT_TYPE, event_payload: { idempotency_key: job.idempotencyKey } },
    });
    return { status: "sent", detail: `posted to ${answer.channel ?? channel} (ts ${answer.ts ?? "?"})` };
  } catch (error) {
    throw asActionError(slackError(error));
  }
}
