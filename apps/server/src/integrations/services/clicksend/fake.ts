/*
 * A loopback ClickSend REST API v3, written from ClickSend's public reference:
 * - https://developers.clicksend.com/docs/getting-started (https://rest.clicksend.com/v3/, HTTP Basic
 *   with the API username and API key; every answer is `{ http_code, response_code, response_msg, data }`)
 * - https://developers.clicksend.com/docs/account (GET /v3/account: the account's details in `data`)
 * - https://developers.clicksend.com/docs/messaging/sms (POST /v3/sms/send: JSON `{ messages: [{ source,
 *   from, to, body, custom_string, schedule, list_id }] }`, up to 1000 messages; 200 with
 *   `response_msg: "Messages queued for delivery."` and `data: { total_count, queued_count, messages }`,
 *   each message with its own `status` — "SUCCESS" when queued, else the reason, e.g.
 *   "INVALID_RECIPIENT"; the fields as ClickSend's generated client names them:
 *   https://www.rubydoc.info/gems/clicksend_client/ClickSendClient/SmsMessage)
 * - https://developers.clicksend.com/docs/messaging/voice-messaging ("Send TTS (Text-to-speech) voice
 *   calls": POST /v3/voice/send takes text to speak, no audio file — why Cuepoint offers no ClickSend
 *   action, see README.md)
 * Errors: 401 `response_code: "UNAUTHORIZED"` for a wrong username or key.
 */
import { startFakeService, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const CLICKSEND_USERNAME = "host@example.com";
export const CLICKSEND_KEY = "ABCD1234-EF56-7890-ABCD-1234567890EF";

const envelope = (http_code: number, response_code: string, response_msg: string, data: unknown) => ({
  status: http_code,
  json: { http_code, response_code, response_msg, data },
});

const basic = (request: ReceivedRequest) =>
  request.headers.authorization === `Basic ${Buffer.from(`${CLICKSEND_USERNAME}:${CLICKSEND_KEY}`).toString("base64")}`;

/** A number ClickSend refuses per message (the request itself is answered 200). */
export const CLICKSEND_INVALID_NUMBER = "+15550000400";

interface SmsMessage {
  source?: string;
  from?: string;
  to?: string;
  body?: string;
  custom_string?: string;
}

let messageNo = 0;

/** `POST /v3/sms/send`: each message queued, or refused in its own `status`. */
export function clickSendSms(request: ReceivedRequest) {
  if (!basic(request)) return envelope(401, "UNAUTHORIZED", "Invalid username or API key.", null);
  const messages = (request.data as { messages?: SmsMessage[] } | undefined)?.messages;
  if (!Array.isArray(messages) || messages.length === 0 || messages.some((m) => !m.body || !m.to)) {
    return envelope(400, "BAD_REQUEST", "Messages array is required with body and to for each message.", null);
  }
  const answered = messages.map((message) => ({
    direction: "out",
    date: 1709647200,
    to: message.to,
    body: message.body,
    from: message.from ?? "",
    schedule: 0,
    message_id: `1F2E3D4C-0000-4000-8000-${String(++messageNo).padStart(12, "0")}`,
    message_parts: 1,
    custom_string: message.custom_string ?? "",
    status: message.to === CLICKSEND_INVALID_NUMBER ? "INVALID_RECIPIENT" : "SUCCESS",
  }));
  const queued = answered.filter((message) => message.status === "SUCCESS").length;
  return envelope(200, "SUCCESS", "Messages queued for delivery.", {
    total_price: queued * 0.0249,
    total_count: answered.length,
    queued_count: queued,
    messages: answered,
    _currency: { currency_name_short: "USD", currency_prefix_d: "$" },
  });
}

/** A ClickSend account, "Acme Events", that sends texts. */
export function startFakeClickSend(): Promise<FakeService> {
  return startFakeService({
    "POST /v3/sms/send": clickSendSms,
    "GET /v3/account": (request) =>
      basic(request)
        ? envelope(200, "SUCCESS", "Here's your account", {
            user_id: 1234,
            username: CLICKSEND_USERNAME,
            account_name: "Acme Events",
            balance: "12.50",
            country: "US",
          })
        : envelope(401, "UNAUTHORIZED", "Invalid username or API key.", null),
  });
}
