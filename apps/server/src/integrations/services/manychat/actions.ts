import { fillMergeTags } from "@cuepoint/sdk";
import { callPeer } from "../../actions/http.js";
import { modelText, NO_EMAIL } from "../../actions/require.js";
import { messageVariables } from "../../actions/template.js";
import type { ActionOutcome } from "../../actions/types.js";
import type { ActionRun } from "../types.js";
import { bearer, MANYCHAT_API, type ManyChatAnswer } from "./api.js";

/**
 * Messenger's tag for messages about an event the person registered for, which may be sent outside
 * the 24-hour window (ManyChat passes it on as `message_tag`).
 */
export const EVENT_MESSAGE_TAG = "CONFIRMED_EVENT_UPDATE";

const NOT_SUBSCRIBED = { status: "skipped", reason: "the registrant is not a subscriber of this ManyChat page" } as const;

const endpoint = (run: ActionRun, path: string) => run.service.url(`${MANYCHAT_API}${path}`);
const auth = (run: ActionRun) => bearer(String(run.loaded.secrets.credentials.api_key ?? ""));

/** The page's subscriber with the registrant's email (`GET /fb/subscriber/findBySystemField?email=`), if any. */
async function subscriberId(run: ActionRun): Promise<string | undefined> {
  const url = `${endpoint(run, "/fb/subscriber/findBySystemField")}?${new URLSearchParams({ email: run.job.registrant.email.trim() })}`;
  const { status, body } = await callPeer<ManyChatAnswer<{ id?: number | string } | unknown[]>>(run.service.label, url, {
    headers: auth(run),
    allow: [404],
  });
  const data = body?.data;
  if (status === 404 || !data || Array.isArray(data) || data.id === undefined) return undefined;
  return String(data.id);
}

/** A tag write (add or remove): both are idempotent at ManyChat, so a retry is safe. */
async function tagWrite(run: ActionRun, path: "/fb/subscriber/addTag" | "/fb/subscriber/removeTag"): Promise<ActionOutcome> {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const subscriber = await subscriberId(run);
  if (!subscriber) return NOT_SUBSCRIBED;
  const tag = modelText(run.job, "tagName");
  const { status } = await callPeer(run.service.label, endpoint(run, path), {
    headers: auth(run),
    json: { subscriber_id: Number(subscriber), tag_id: Number(tag) },
  });
  return { status: "sent", detail: `subscriber ${subscriber} ${path.endsWith("addTag") ? "tagged" : "untagged"} ${tag} (HTTP ${status})` };
}

/**
 * A send (content or flow). ManyChat takes no idempotency key, so a send whose answer was lost (a
 * timeout, a dropped connection, a 500) may have reached the person: it is not retried, and the
 * log says why (`once`). A connection that never opened and a 429 (refused before any work) are
 * retried.
 */
async function sendOnce(run: ActionRun, path: string, json: Record<string, unknown>): Promise<ActionOutcome> {
  const { status } = await callPeer(run.service.label, endpoint(run, path), { headers: auth(run), json, once: true });
  return { status: "sent", detail: `HTTP ${status}` };
}

/** Looks the registrant up, then sends `content` (sendContent) or a flow. */
async function toSubscriber(run: ActionRun, send: (subscriber: number) => [string, Record<string, unknown>]): Promise<ActionOutcome> {
  if (!run.job.registrant.email.trim()) return NO_EMAIL;
  const subscriber = await subscriberId(run);
  if (!subscriber) return NOT_SUBSCRIBED;
  const [path, json] = send(Number(subscriber));
  const outcome = await sendOnce(run, path, json);
  return outcome.status === "sent" ? { status: "sent", detail: `subscriber ${subscriber}: ${outcome.detail}` } : outcome;
}

const content = (subscriber: number, messages: unknown[]) => ({
  subscriber_id: subscriber,
  data: { version: "v2", content: { messages } },
  message_tag: EVENT_MESSAGE_TAG,
});

/** MANYCHAT `addTag`: `POST /fb/subscriber/addTag` `{ subscriber_id, tag_id }`. */
export const addTag = (run: ActionRun) => tagWrite(run, "/fb/subscriber/addTag");

/** MANYCHAT `removeTag`: `POST /fb/subscriber/removeTag` `{ subscriber_id, tag_id }`. */
export const removeTag = (run: ActionRun) => tagWrite(run, "/fb/subscriber/removeTag");

/** MANYCHAT `sendText`: sendContent with one text message, personalised. */
export const sendText = (run: ActionRun) =>
  toSubscriber(run, (subscriber) => [
    "/fb/sending/sendContent",
    content(subscriber, [{ type: "text", text: fillMergeTags(String(run.job.node.model.message ?? ""), messageVariables(run.job)) }]),
  ]);

/** MANYCHAT `sendMedia`: sendContent with one image, video, audio or file message from `file`. */
export const sendMedia = (run: ActionRun) =>
  toSubscriber(run, (subscriber) => [
    "/fb/sending/sendContent",
    content(subscriber, [{ type: modelText(run.job, "type"), url: modelText(run.job, "file") }]),
  ]);

/** MANYCHAT `sendFlow`: `POST /fb/sending/sendFlow` `{ subscriber_id, flow_ns }`. */
export const sendFlow = (run: ActionRun) =>
  toSubscriber(run, (subscriber) => ["/fb/sending/sendFlow", { subscriber_id: subscriber, flow_ns: modelText(run.job, "flowName") }]);
