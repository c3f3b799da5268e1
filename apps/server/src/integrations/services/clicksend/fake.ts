/*
 * A loopback ClickSend REST API v3, written from ClickSend's public reference:
 * - https://developers.clicksend.com/docs/getting-started (https://rest.clicksend.com/v3/, HTTP Basic
 *   with the API username and API key; every answer is `{ http_code, response_code, response_msg, data }`)
 * - https://developers.clicksend.com/docs/account (GET /v3/account: the account's details in `data`)
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

/** A ClickSend account, "Acme Events". */
export function startFakeClickSend(): Promise<FakeService> {
  return startFakeService({
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
