/*
 * Zoom's webinar and meeting lifecycles on loopback (the part of `fake.ts` delivery uses), written
 * from Zoom's public API reference; requests checked as documented, answers in the documented shapes:
 * - Create a webinar — https://developers.zoom.us/docs/api/meetings/#tag/webinars/POST/users/{userId}/webinars
 *   (`topic` ≤ 200, `type` 5 | 6 | 9, `start_time` `yyyy-MM-ddTHH:mm:ssZ`, `duration` minutes,
 *   `timezone`, `agenda` ≤ 2000, `settings.approval_type` 0 | 1 | 2, `settings.registration_type`
 *   1 | 2 | 3; 201 `{ id, uuid, host_id, topic, type, start_time, duration, timezone, agenda,
 *   join_url, registration_url, created_at, settings }`; without the webinar plan 400 `code` 200)
 * - Update a webinar — https://developers.zoom.us/docs/api/meetings/#tag/webinars/PATCH/webinars/{webinarId}
 *   (204; an unknown webinar 404 `{ code: 3001, message: "Webinar does not exist: {webinarId}." }`)
 * - Delete a webinar — https://developers.zoom.us/docs/api/meetings/#tag/webinars/DELETE/webinars/{webinarId}
 *   (`cancel_webinar_reminder`; 204; 404 `code` 3001)
 * - Add a webinar registrant — https://developers.zoom.us/docs/api/meetings/#tag/webinars/POST/webinars/{webinarId}/registrants
 *   (`email` and `first_name` required; 201 `{ id, join_url, registrant_id, start_time, topic }`;
 *   400 `code` 3043 "Webinar has reached maximum attendee capacity."; registration turned off:
 *   400 `code` 300; 404 `code` 3001)
 * - Perform batch registration — https://developers.zoom.us/docs/api/meetings/#tag/webinars/POST/webinars/{webinarId}/batch_registrants
 *   (`auto_approve`, `registrants_confirmation_email`, `registrants` ≤ 30 of `{ email, first_name,
 *   last_name }`; 201 `{ registrants: [{ email, join_url, registrant_id }] }`)
 * - Get webinar participant reports — https://developers.zoom.us/docs/api/rest/reference/zoom-api/methods/#operation/reportWebinarParticipants
 *   (`GET /report/webinars/{webinarId}/participants`, `page_size` ≤ 300, `next_page_token`;
 *   `{ page_count, page_size, total_records, next_page_token, participants: [{ id, user_id, name,
 *   user_email, join_time, leave_time, duration, registrant_id, status }] }`)
 * - Meetings, the same lifecycle under `/meetings` (types 1 | 2 | 3 | 8; `settings.approval_type`
 *   0 | 1 | 2 with registration; unknown meeting 404 `{ code: 3001, message: "Meeting does not exist: {meetingId}." }`):
 *   Create a meeting — https://developers.zoom.us/docs/api/meetings/#tag/meetings/POST/users/{userId}/meetings,
 *   Update — …/PATCH/meetings/{meetingId}, Delete — …/DELETE/meetings/{meetingId} (`cancel_meeting_reminder`),
 *   Add a meeting registrant — …/POST/meetings/{meetingId}/registrants,
 *   Perform batch registration — …/POST/meetings/{meetingId}/batch_registrants (≤ 30, `auto_approve`,
 *   `registrants_confirmation_email`; 201 `{ registrants: [{ email, join_url, participant_pin_code, registrant_id }] }`),
 *   Get meeting participant reports — https://developers.zoom.us/docs/api/meetings/#tag/reports/GET/report/meetings/{meetingId}/participants
 * - Errors — https://developers.zoom.us/docs/api/using-zoom-apis/#error-handling (`{ code, message }`)
 */
import type { FakeAnswer, FakeService, ReceivedRequest } from "../../test-support/fakeService.js";

export interface ZoomRegistrantRecord {
  registrant_id: string;
  email: string;
  first_name: string;
  last_name: string;
  join_url: string;
}

export interface ZoomParticipantRecord {
  registrant_id?: string;
  name: string;
  user_email: string;
  join_time: string;
  leave_time: string;
  duration: number;
}

/** One webinar or meeting the fake holds, as Zoom would store it. */
export interface ZoomWebinarRecord {
  id: number;
  topic: string;
  type: number;
  start_time: string;
  duration: number;
  timezone: string;
  agenda: string;
  approval_type: number;
  deleted: boolean;
  /** Registrants Zoom accepts; the next one is refused with 3043 (Infinity: no limit). */
  capacity: number;
  registrationEnabled: boolean;
  registrants: ZoomRegistrantRecord[];
  /** What the participants report answers once the webinar is over. */
  participants: ZoomParticipantRecord[];
}

const zoomError = (status: number, code: number, message: string): FakeAnswer => ({ status, json: { code, message } });
const ZOOM_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const EMAIL = /^[^@\s]+@[^@\s]+$/;

type Signed = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) => FakeAnswer;

/** Zoom's webinars, or its meetings: the path, the types each takes and the noun in its messages. */
const KINDS = {
  webinars: { types: [5, 6, 9], noun: "Webinar", firstId: 81_000_000_000 },
  meetings: { types: [1, 2, 3, 8], noun: "Meeting", firstId: 85_000_000_000 },
} as const;
export type ZoomCollection = keyof typeof KINDS;

function invalidWebinar(body: Record<string, unknown>, partial: boolean, types: readonly number[]): string | undefined {
  const has = (key: string) => body[key] !== undefined;
  if ((!partial || has("topic")) && (typeof body.topic !== "string" || body.topic.length > 200)) return "topic";
  if (!partial && !types.includes(body.type as number)) return "type";
  if ((!partial || has("start_time")) && !ZOOM_TIME.test(String(body.start_time))) return "start_time";
  if ((!partial || has("duration")) && !(Number.isInteger(body.duration) && (body.duration as number) > 0)) return "duration";
  if (has("agenda") && (typeof body.agenda !== "string" || body.agenda.length > 2000)) return "agenda";
  return undefined;
}

/**
 * Serves Zoom's webinar (or meeting) create, update, delete, registrants, batch registration and
 * participants report for the signed-in user (`signedIn` checks the Bearer token). Each created one
 * gets its own routes; the map holds them for tests to look at and set (capacity, participants).
 */
export function serveZoomWebinars(
  fake: FakeService,
  signedIn: Signed,
  state: () => { noWebinarPlan: boolean; unavailable: boolean },
  collection: ZoomCollection = "webinars",
): Map<string, ZoomWebinarRecord> {
  const { types, noun, firstId } = KINDS[collection];
  const webinars = new Map<string, ZoomWebinarRecord>();
  let nextId = firstId;
  const notFound = (id: string) => zoomError(404, 3001, `${noun} does not exist: ${id}.`);
  const live = (id: string, answer: (webinar: ZoomWebinarRecord, request: ReceivedRequest) => FakeAnswer) =>
    signedIn((request) => {
      const webinar = webinars.get(id);
      return webinar && !webinar.deleted ? answer(webinar, request) : notFound(id);
    });
  const addRegistrant = (webinar: ZoomWebinarRecord, person: Record<string, unknown>): ZoomRegistrantRecord => {
    const existing = webinar.registrants.find((r) => r.email.toLowerCase() === String(person.email).toLowerCase());
    if (existing) return existing;
    const registrant_id = `reg${webinar.id}x${webinar.registrants.length + 1}`;
    const record = {
      registrant_id,
      email: String(person.email),
      first_name: String(person.first_name),
      last_name: typeof person.last_name === "string" ? person.last_name : "",
      join_url: `https://zoom.us/w/${webinar.id}?tk=${registrant_id}`,
    };
    webinar.registrants.push(record);
    return record;
  };
  const refusal = (webinar: ZoomWebinarRecord, extra = 1): FakeAnswer | undefined => {
    if (!webinar.registrationEnabled) return zoomError(400, 300, `Registration has not been enabled for this ${noun.toLowerCase()}: ${webinar.id}.`);
    if (webinar.registrants.length + extra > webinar.capacity) return zoomError(400, 3043, `${noun} has reached maximum attendee capacity.`);
    return undefined;
  };
  const personInvalid = (person: Record<string, unknown>) =>
    !EMAIL.test(String(person.email ?? "")) || typeof person.first_name !== "string" || person.first_name === "";

  const install = (id: string) =>
    fake.on({
      [`PATCH /v2/${collection}/${id}`]: live(id, (webinar, request) => {
        const body = (request.data ?? {}) as Record<string, unknown>;
        const invalid = invalidWebinar(body, true, types);
        if (invalid) return zoomError(400, 300, `Invalid field: ${invalid}.`);
        Object.assign(webinar, {
          ...(typeof body.topic === "string" && { topic: body.topic }),
          ...(typeof body.start_time === "string" && { start_time: body.start_time }),
          ...(typeof body.duration === "number" && { duration: body.duration }),
          ...(typeof body.timezone === "string" && { timezone: body.timezone }),
        });
        return { status: 204 };
      }),
      [`DELETE /v2/${collection}/${id}`]: live(id, (webinar) => {
        webinar.deleted = true;
        return { status: 204 };
      }),
      [`POST /v2/${collection}/${id}/registrants`]: live(id, (webinar, request) => {
        const person = (request.data ?? {}) as Record<string, unknown>;
        if (personInvalid(person)) return zoomError(400, 300, "Invalid field: email or first_name.");
        const refused = refusal(webinar);
        if (refused) return refused;
        const record = addRegistrant(webinar, person);
        return { status: 201, json: { id: webinar.id, join_url: record.join_url, registrant_id: record.registrant_id, start_time: webinar.start_time, topic: webinar.topic } };
      }),
      [`POST /v2/${collection}/${id}/batch_registrants`]: live(id, (webinar, request) => {
        const body = (request.data ?? {}) as { auto_approve?: unknown; registrants?: Record<string, unknown>[] };
        const people = body.registrants;
        if (!Array.isArray(people) || people.length === 0 || people.length > 30 || people.some(personInvalid)) {
          return zoomError(400, 300, "Invalid field: registrants.");
        }
        if (webinar.approval_type === 1 && body.auto_approve !== true) return zoomError(400, 300, "Invalid field: auto_approve.");
        const refused = refusal(webinar, people.length);
        if (refused) return refused;
        const added = people.map((person) => addRegistrant(webinar, person));
        return { status: 201, json: { registrants: added.map((r) => ({ email: r.email, join_url: r.join_url, registrant_id: r.registrant_id })) } };
      }),
      [`GET /v2/report/${collection}/${id}/participants`]: live(id, (webinar, request) => {
        const size = Number(request.query.get("page_size") ?? "30");
        if (!Number.isInteger(size) || size < 1 || size > 300) return zoomError(400, 300, "Invalid field: page_size.");
        const from = Number(request.query.get("next_page_token") || "0");
        const next = from + size < webinar.participants.length ? String(from + size) : "";
        const page = webinar.participants.slice(from, from + size).map((p, i) => ({ id: `p${from + i}`, user_id: String(16778240 + from + i), status: "in_meeting", ...p }));
        return { json: { page_count: Math.ceil(webinar.participants.length / size), page_size: size, total_records: webinar.participants.length, next_page_token: next, participants: page } };
      }),
    });

  fake.on({
    [`POST /v2/users/me/${collection}`]: signedIn((request) => {
      if (state().unavailable) return zoomError(503, 503, "Service unavailable.");
      if (collection === "webinars" && state().noWebinarPlan) return zoomError(400, 200, "Webinar plan is missing. You must subscribe to the webinar plan and enable webinar for this user in order to perform this action.");
      const body = (request.data ?? {}) as Record<string, unknown>;
      const invalid = invalidWebinar(body, false, types);
      if (invalid) return zoomError(400, 300, `Invalid field: ${invalid}.`);
      const settings = (body.settings ?? {}) as Record<string, unknown>;
      const id = nextId++;
      const record: ZoomWebinarRecord = {
        id,
        topic: String(body.topic),
        type: body.type as number,
        start_time: String(body.start_time),
        duration: body.duration as number,
        timezone: typeof body.timezone === "string" ? body.timezone : "UTC",
        agenda: typeof body.agenda === "string" ? body.agenda : "",
        approval_type: typeof settings.approval_type === "number" ? settings.approval_type : 2,
        deleted: false,
        capacity: Number.POSITIVE_INFINITY,
        registrationEnabled: settings.approval_type === 0 || settings.approval_type === 1,
        registrants: [],
        participants: [],
      };
      webinars.set(String(id), record);
      install(String(id));
      const { deleted: _deleted, capacity: _capacity, registrationEnabled: _enabled, registrants: _registrants, participants: _participants, approval_type, ...shown } = record;
      return {
        status: 201,
        json: {
          ...shown,
          uuid: Buffer.from(`${collection}-${id}`).toString("base64"),
          host_id: "KDcuGIm1QgePTO8WbOqwIQ",
          join_url: `https://zoom.us/j/${id}`,
          registration_url: collection === "webinars" ? `https://zoom.us/webinar/register/WN_${id}` : `https://zoom.us/meeting/register/${id}`,
          created_at: "2026-04-01T00:00:00Z",
          settings: { approval_type, registration_type: settings.registration_type ?? 1 },
        },
      };
    }),
  });
  return webinars;
}
