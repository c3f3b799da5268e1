/*
 * A loopback Drop Cowboy API v1, written from Drop Cowboy's public reference:
 * - https://drop-cowboy.gitbook.io/drop-cowboy-docs/getting-started/api-credentials (the Team ID and
 *   secret; "include your credentials in each request … in the request headers" `x-team-id` and
 *   `x-secret`, shown on `GET https://api.dropcowboy.com/v1/brand`; a wrong pair is an "Unauthorized"
 *   or "Missing Credentials" error). The page shows no answer body for `/brand`: the fake answers a
 *   list of `{ brand_id, brand_name }` (see brands.ts for what the service reads).
 * - https://drop-cowboy.gitbook.io/drop-cowboy-docs/api/sending-rvm-ringless-voicemail/api-endpoint and
 *   https://drop-cowboy.gitbook.io/drop-cowboy-docs/openapi-specs/drop-cowboy-public-api (POST /v1/rvm:
 *   JSON `team_id`, `secret`, `foreign_id` (max 256), `brand_id`, `phone_number` (E.164) required; one
 *   of `recording_id`, `voice_id` + `tts_body`, or `audio_url` + `audio_type` ('mp3' or 'wav'); optional
 *   `forwarding_number`, `pool_id`, `postal_code`, `callback_url`)
 * - https://drop-cowboy.gitbook.io/drop-cowboy-docs/api/sending-rvm-ringless-voicemail/send-rvm-using-the-sdk
 *   and .../api/sending-sms-text-message/send-sms-using-the-sdk ("status value should be 'queued'")
 * - https://drop-cowboy.gitbook.io/drop-cowboy-docs/api/sending-sms-text-message/api-endpoint (POST /v1/sms:
 *   `team_id`, `secret`, `caller_id`, `phone_number`, `pool_id`, `sms_body` (160 characters), `opt_in`
 *   required; optional `foreign_id`, `callback_url`; "Request accepted. Results include accepted_count
 *   and rejected details.")
 * The fake also records what it received and fetches the `audio_url` of each drop, as Drop Cowboy
 * must, so a test can see the file was reachable (`fetched`).
 */
import { startFakeService, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const DROPCOWBOY_TEAM = "5c8eb7940a057a4ab0823e1a";
export const DROPCOWBOY_SECRET = "dc-secret-0123456789abcdef";
export const DROPCOWBOY_BRAND = "2c9d4e1f-7a3b-4f6c-8d2e-9b1a5c7e3f40";
/** A number Drop Cowboy rejects an SMS to (its `rejected` details). */
export const DROPCOWBOY_REJECTED_NUMBER = "+15550000400";

const E164 = /^\+[1-9]\d{6,14}$/;
const authorised = (request: ReceivedRequest) =>
  request.headers["x-team-id"] === DROPCOWBOY_TEAM && request.headers["x-secret"] === DROPCOWBOY_SECRET;
const unauthorised = () => ({ status: 401, json: { error: "Unauthorized" } });
const invalid = (message: string) => ({ status: 400, json: { error: message } });

/** One fetch of an `audio_url` by the fake: the status and content type it got. */
export interface AudioFetch {
  url: string;
  status: number;
  contentType: string | null;
  bytes: number;
}

export interface FakeDropCowboy extends FakeService {
  /** The `audio_url`s fetched, as Drop Cowboy does for a drop. */
  fetched: AudioFetch[];
  /** Fetches from the fake's side; a test sets it to reach the server under test. */
  fetchAudio: (url: string) => Promise<Response>;
}

let dropNo = 0;

/** A Drop Cowboy team with one brand, "Acme Events". */
export async function startFakeDropCowboy(): Promise<FakeDropCowboy> {
  const fetched: AudioFetch[] = [];
  const service = await startFakeService({
    "GET /v1/brand": (request) =>
      authorised(request) ? { json: [{ brand_id: DROPCOWBOY_BRAND, brand_name: "Acme Events" }] } : unauthorised(),
    "POST /v1/rvm": (request) => {
      if (!authorised(request)) return unauthorised();
      const body = (request.data ?? {}) as Record<string, unknown>;
      if (body.team_id !== DROPCOWBOY_TEAM || body.secret !== DROPCOWBOY_SECRET) return unauthorised();
      for (const key of ["foreign_id", "brand_id", "phone_number"]) if (!body[key]) return invalid(`${key} is required`);
      if (String(body.foreign_id).length > 256) return invalid("foreign_id is longer than 256 characters");
      if (!E164.test(String(body.phone_number))) return invalid("phone_number must be in E.164 format");
      if (body.brand_id !== DROPCOWBOY_BRAND) return invalid("Invalid brand_id");
      const sources = [body.recording_id, body.voice_id && body.tts_body, body.audio_url].filter(Boolean);
      if (sources.length !== 1) return invalid("Provide one of recording_id, voice_id with tts_body, or audio_url");
      if (body.audio_url && body.audio_type !== "mp3" && body.audio_type !== "wav") return invalid("audio_type must be 'mp3' or 'wav'");
      if (typeof body.audio_url === "string") void fake.fetchAudio(body.audio_url).then(async (answer) => {
        fetched.push({ url: String(body.audio_url), status: answer.status, contentType: answer.headers.get("content-type"), bytes: (await answer.arrayBuffer()).byteLength });
      });
      return { json: { status: "queued", drop_id: `drop-${++dropNo}` } };
    },
    "POST /v1/sms": (request) => {
      if (!authorised(request)) return unauthorised();
      const body = (request.data ?? {}) as Record<string, unknown>;
      for (const key of ["caller_id", "phone_number", "pool_id", "sms_body"]) if (!body[key]) return invalid(`${key} is required`);
      if (body.opt_in !== true) return invalid("opt_in is required");
      if ([...String(body.sms_body)].length > 160) return invalid("sms_body is over the 160 character limit");
      if (body.phone_number === DROPCOWBOY_REJECTED_NUMBER) {
        return { json: { status: "queued", accepted_count: 0, rejected: [{ phone_number: body.phone_number, reason: "Invalid caller ID or not SMS enabled" }] } };
      }
      return { json: { status: "queued", accepted_count: 1, rejected: [] } };
    },
  });
  const fake: FakeDropCowboy = Object.assign(service, { fetched, fetchAudio: (url: string) => fetch(url) });
  return fake;
}
