/*
 * A loopback Slack Web API, written from Slack's public reference:
 * - https://docs.slack.dev/apis/web-api/ (POST to https://slack.com/api/{method}; arguments as
 *   application/x-www-form-urlencoded or, for write methods, application/json; the token as
 *   `Authorization: Bearer`; every answer is HTTP 200 with `ok`, and `error` naming the failure
 *   (`not_authed`, `invalid_auth`…), except rate limiting: HTTP 429 with `Retry-After`)
 * - https://docs.slack.dev/reference/methods/oauth.v2.access (code, client_id, client_secret,
 *   redirect_uri → `access_token` "xoxb-…", `token_type` "bot", `scope`, `team`; `invalid_code`)
 * - https://docs.slack.dev/reference/methods/auth.test (`url`, `team`, `user`, `team_id`, `user_id`, `bot_id`)
 * - https://docs.slack.dev/reference/methods/conversations.list (`types`, `exclude_archived`,
 *   `limit` up to 1000, `cursor`; `channels`, `response_metadata.next_cursor`, "" on the last page)
 * - https://docs.slack.dev/reference/methods/chat.postMessage (`channel`, `text`, `metadata` as JSON
 *   `{event_type, event_payload}`; answers `channel`, `ts`, `message`; errors `channel_not_found`,
 *   `not_in_channel`, `is_archived`, `no_text`, `msg_too_long` (over 40,000 characters), `invalid_metadata_format`)
 * - https://docs.slack.dev/reference/methods/conversations.history (`channel`, `oldest`, `limit`,
 *   `include_all_metadata`; `messages` newest first, each with `metadata` only when asked)
 * - https://docs.slack.dev/messaging/message-metadata (metadata `event_type` + `event_payload`)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const SLACK_TOKEN = "xoxb-17-cuepoint-bot-token";
export const SLACK_CODE = "slack-oauth-code";
/** A code whose token Slack has since revoked (the app was removed from the workspace). */
export const SLACK_REVOKED_CODE = "slack-oauth-code-revoked";
const REVOKED_TOKEN = "xoxb-17-revoked";

export interface SlackChannel {
  id: string;
  name: string;
  is_private: boolean;
  is_archived: boolean;
  /** Whether the app's bot is a member (posting elsewhere needs `chat:write.public`). */
  is_member: boolean;
}

export interface SlackMessage {
  channel: string;
  ts: string;
  text: string;
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
}

export interface FakeSlack extends FakeService {
  channels: SlackChannel[];
  /** Every message posted, oldest first. */
  messages: SlackMessage[];
  /**
   * The next chat.postMessage's trouble: `lost-answer` posts the message and then answers 503 (as
   * a proxy would after Slack's answer was lost), `rate-limited` answers 429 with Retry-After 30.
   * Cleared once used.
   */
  fault?: "lost-answer" | "rate-limited" | undefined;
}

const ok = (json: Record<string, unknown>): FakeAnswer => ({ json: { ok: true, ...json } });
const fail = (error: string): FakeAnswer => ({ json: { ok: false, error } });

/** A request's arguments, from a form or a JSON body, as Slack reads either. */
const args = (request: ReceivedRequest): Record<string, unknown> =>
  request.data && typeof request.data === "object" ? (request.data as Record<string, unknown>) : {};

/** A method that needs the bot token (as `Authorization: Bearer`, never in the query). */
function authed(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  return (request) => {
    const type = String(request.headers["content-type"] ?? "");
    if (request.method !== "POST") return fail("invalid_request");
    if (request.body && !type.includes("application/x-www-form-urlencoded") && !type.includes("application/json")) {
      return fail("invalid_form_data");
    }
    const header = request.headers.authorization;
    if (!header) return fail("not_authed");
    if (header === `Bearer ${REVOKED_TOKEN}`) return fail("token_revoked");
    if (header !== `Bearer ${SLACK_TOKEN}`) return fail("invalid_auth");
    return answer(request);
  };
}

/** A Slack workspace "Acme" with three channels, one of them archived. */
export async function startFakeSlack(): Promise<FakeSlack> {
  const channels: SlackChannel[] = [
    { id: "C0GENERAL", name: "general", is_private: false, is_archived: false, is_member: true },
    { id: "C0WEBINAR", name: "webinar-leads", is_private: true, is_archived: false, is_member: true },
    { id: "C0OLD", name: "old-launch", is_private: false, is_archived: true, is_member: false },
  ];
  const messages: SlackMessage[] = [];
  let clock = 1_709_640_000;
  const state: Pick<FakeSlack, "fault"> = {};
  const fake = await startFakeService({
    "POST /api/oauth.v2.access": (request) => {
      const form = args(request);
      if (!form.client_id || !form.client_secret) return fail("invalid_client_id");
      if (form.code !== SLACK_CODE && form.code !== SLACK_REVOKED_CODE) return fail("invalid_code");
      return ok({
        access_token: form.code === SLACK_CODE ? SLACK_TOKEN : REVOKED_TOKEN,
        token_type: "bot",
        scope: "chat:write,chat:write.public,channels:read,groups:read,channels:history,groups:history",
        bot_user_id: "U0BOT",
        app_id: "A0CUEPOINT",
        team: { id: "T0ACME", name: "Acme" },
        enterprise: null,
        authed_user: { id: "U0HOST" },
      });
    },
    "POST /api/auth.test": authed(() =>
      ok({ url: "https://acme.slack.com/", team: "Acme", user: "cuepoint", team_id: "T0ACME", user_id: "U0BOT", bot_id: "B0CUEPOINT" }),
    ),
    "POST /api/conversations.list": authed((request) => {
      const form = args(request);
      const types = String(form.types ?? "public_channel").split(",");
      const limit = Math.min(Number(form.limit ?? 100), 1000);
      const start = form.cursor ? Number(String(form.cursor).replace("next:", "")) : 0;
      const listed = channels.filter(
        (channel) =>
          types.includes(channel.is_private ? "private_channel" : "public_channel") &&
          !(String(form.exclude_archived) === "true" && channel.is_archived),
      );
      const page = listed.slice(start, start + limit);
      const more = start + limit < listed.length;
      return ok({
        channels: page.map((channel) => ({ ...channel, is_channel: !channel.is_private, is_group: channel.is_private, created: 1_449_252_889 })),
        response_metadata: { next_cursor: more ? `next:${start + limit}` : "" },
      });
    }),
    "POST /api/chat.postMessage": authed((request) => {
      const fault = state.fault;
      state.fault = undefined;
      if (fault === "rate-limited") return { status: 429, headers: { "retry-after": "30" }, json: { ok: false, error: "ratelimited" } };
      const form = args(request);
      const channel = channels.find((entry) => entry.id === form.channel || `#${entry.name}` === form.channel);
      if (!channel) return fail("channel_not_found");
      if (channel.is_archived) return fail("is_archived");
      const text = typeof form.text === "string" ? form.text : "";
      if (!text) return fail("no_text");
      if (text.length > 40_000) return fail("msg_too_long");
      let metadata: SlackMessage["metadata"];
      if (form.metadata !== undefined) {
        try {
          metadata = typeof form.metadata === "string" ? JSON.parse(form.metadata) : (form.metadata as SlackMessage["metadata"]);
        } catch {
          return fail("invalid_metadata_format");
        }
        if (!metadata?.event_type || typeof metadata.event_payload !== "object") return fail("invalid_metadata_schema");
      }
      clock += 1;
      const message: SlackMessage = { channel: channel.id, ts: `${clock}.000100`, text, ...(metadata && { metadata }) };
      messages.push(message);
      if (fault === "lost-answer") return { status: 503, json: { ok: false, error: "service_unavailable" } };
      return ok({
        channel: channel.id,
        ts: message.ts,
        message: { type: "message", subtype: "bot_message", text, ts: message.ts, bot_id: "B0CUEPOINT", ...(metadata && { metadata }) },
      });
    }),
    "POST /api/conversations.history": authed((request) => {
      const form = args(request);
      const channel = channels.find((entry) => entry.id === form.channel);
      if (!channel) return fail("channel_not_found");
      if (!channel.is_member) return fail("not_in_channel");
      const oldest = Number(form.oldest ?? 0);
      const withMetadata = String(form.include_all_metadata) === "true";
      const found = messages
        .filter((message) => message.channel === channel.id && Number(message.ts) > oldest)
        .reverse()
        .slice(0, Math.min(Number(form.limit ?? 100), 999))
        .map(({ metadata, ...message }) => ({ type: "message", ...message, ...(withMetadata && metadata && { metadata }) }));
      return ok({ messages: found, has_more: false, response_metadata: { next_cursor: "" } });
    }),
  });
  return Object.defineProperties(Object.assign(fake, { channels, messages }), {
    fault: { get: () => state.fault, set: (fault: FakeSlack["fault"]) => (state.fault = fault), enumerable: true },
  }) as FakeSlack;
}
