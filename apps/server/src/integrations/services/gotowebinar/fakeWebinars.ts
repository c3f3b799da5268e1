/*
 * GoTo Webinar's webinar lifecycle on loopback (the part of `fake.ts` delivery uses), written from
 * the GoTo Webinar 2.0 REST API reference — https://goto-developer.logmeininc.com/content/gotowebinar-api-reference-v2
 * (also published as https://developer.goto.com/GoToWebinarV2); requests checked as documented:
 * - Create webinar: `POST /G2W/rest/v2/organizers/{organizerKey}/webinars`, `subject` (required,
 *   ≤ 128), `description` (≤ 2048), `times: [{ startTime, endTime }]` (required, ISO 8601 UTC),
 *   `timeZone`, `type` single_session | series | sequence; 201 `{ webinarKey }`
 * - Update webinar: `PUT …/webinars/{webinarKey}?notifyParticipants=`; 202, no body
 * - Cancel webinar: `DELETE …/webinars/{webinarKey}?sendCancellationEmails=`; 204
 * - Create registrant: `POST …/webinars/{webinarKey}/registrants`, `firstName`, `lastName`, `email`
 *   required; 201 `{ registrantKey, joinUrl, status: "APPROVED" }`; 409 when the email is registered
 * - Get registrants: `GET …/webinars/{webinarKey}/registrants`; 200 `[{ registrantKey, firstName,
 *   lastName, email, status, registrationDate, joinUrl, timeZone }]`
 * - Get webinar attendees: `GET …/webinars/{webinarKey}/attendees`; 200 `[{ registrantKey,
 *   firstName, lastName, email, attendanceTimeInSeconds, sessionKey, attendance: [{ joinTime,
 *   leaveTime }] }]`
 * - Errors: `{ errorCode, description, incident }`; an unknown webinar 404 `errorCode` NotFound.
 */
import type { FakeAnswer, FakeService, ReceivedRequest } from "../../test-support/fakeService.js";

export interface GoToRegistrantRecord {
  registrantKey: string;
  firstName: string;
  lastName: string;
  email: string;
  joinUrl: string;
}

export interface GoToWebinarRecord {
  webinarKey: string;
  subject: string;
  description: string;
  times: Array<{ startTime: string; endTime: string }>;
  timeZone: string;
  type: string;
  cancelled: boolean;
  registrants: GoToRegistrantRecord[];
  /** What the attendees call answers. */
  attendees: Array<{ email: string; attendance: Array<{ joinTime: string; leaveTime: string }> }>;
}

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const gotoError = (status: number, errorCode: string, description: string): FakeAnswer => ({
  status,
  json: { errorCode, description, incident: "3100227473346224640" },
});

type Signed = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) => FakeAnswer;

const badTimes = (times: unknown) =>
  !Array.isArray(times) ||
  times.length === 0 ||
  times.some((t: { startTime?: unknown; endTime?: unknown }) => !ISO_UTC.test(String(t?.startTime)) || !ISO_UTC.test(String(t?.endTime)) || String(t.endTime) <= String(t.startTime));

/** Serves GoTo's webinar create, update, cancel, registrants and attendees for `organizerKey`. */
export function serveGoToWebinars(fake: FakeService, signedIn: Signed, organizerKey: string): Map<string, GoToWebinarRecord> {
  const webinars = new Map<string, GoToWebinarRecord>();
  let next = 5_551_234_000_000_000_000n;
  const base = `/G2W/rest/v2/organizers/${organizerKey}/webinars`;
  const live = (key: string, answer: (webinar: GoToWebinarRecord, request: ReceivedRequest) => FakeAnswer) =>
    signedIn((request) => {
      const webinar = webinars.get(key);
      return webinar && !webinar.cancelled ? answer(webinar, request) : gotoError(404, "NotFound", "Webinar with specified key not found.");
    });
  const install = (key: string) =>
    fake.on({
      [`PUT ${base}/${key}`]: live(key, (webinar, request) => {
        const body = (request.data ?? {}) as Record<string, unknown>;
        if (body.times !== undefined && badTimes(body.times)) return gotoError(400, "InvalidRequest", "times must be ISO 8601 UTC start and end times.");
        if (body.subject !== undefined && (typeof body.subject !== "string" || body.subject.length > 128)) return gotoError(400, "InvalidRequest", "subject is invalid.");
        Object.assign(webinar, {
          ...(typeof body.subject === "string" && { subject: body.subject }),
          ...(Array.isArray(body.times) && { times: body.times }),
          ...(typeof body.timeZone === "string" && { timeZone: body.timeZone }),
        });
        return { status: 202 };
      }),
      [`DELETE ${base}/${key}`]: live(key, (webinar) => {
        webinar.cancelled = true;
        return { status: 204 };
      }),
      [`POST ${base}/${key}/registrants`]: live(key, (webinar, request) => {
        const body = (request.data ?? {}) as Record<string, unknown>;
        if (![body.firstName, body.lastName, body.email].every((value) => typeof value === "string" && value !== "")) {
          return gotoError(400, "InvalidRequest", "firstName, lastName and email are required.");
        }
        if (webinar.registrants.some((r) => r.email.toLowerCase() === String(body.email).toLowerCase())) {
          return gotoError(409, "DuplicateRegistrant", "The user is already registered.");
        }
        const registrantKey = String(8_000_000_000_000_000_000n + BigInt(webinar.registrants.length + 1));
        const record = {
          registrantKey,
          firstName: String(body.firstName),
          lastName: String(body.lastName),
          email: String(body.email),
          joinUrl: `https://global.gotowebinar.com/join/${key}/${registrantKey}`,
        };
        webinar.registrants.push(record);
        return { status: 201, json: { registrantKey, joinUrl: record.joinUrl, status: "APPROVED" } };
      }),
      [`GET ${base}/${key}/registrants`]: live(key, (webinar) => ({
        json: webinar.registrants.map((r) => ({ ...r, status: "APPROVED", registrationDate: "2026-04-01T00:00:00Z", timeZone: webinar.timeZone })),
      })),
      [`GET ${base}/${key}/attendees`]: live(key, (webinar) => ({
        json: webinar.attendees.map((attendee) => {
          const registrant = webinar.registrants.find((r) => r.email.toLowerCase() === attendee.email.toLowerCase());
          const seconds = attendee.attendance.reduce((sum, v) => sum + (Date.parse(v.leaveTime) - Date.parse(v.joinTime)) / 1000, 0);
          return {
            registrantKey: registrant?.registrantKey ?? "0",
            firstName: registrant?.firstName ?? "",
            lastName: registrant?.lastName ?? "",
            email: attendee.email,
            attendanceTimeInSeconds: seconds,
            sessionKey: "4212349",
            attendance: attendee.attendance,
          };
        }),
      })),
    });
  fake.on({
    [`POST ${base}`]: signedIn((request) => {
      const body = (request.data ?? {}) as Record<string, unknown>;
      if (typeof body.subject !== "string" || body.subject === "" || body.subject.length > 128) return gotoError(400, "InvalidRequest", "subject is required (at most 128 characters).");
      if (badTimes(body.times)) return gotoError(400, "InvalidRequest", "times must be ISO 8601 UTC start and end times.");
      if (body.type !== undefined && !["single_session", "series", "sequence"].includes(String(body.type))) return gotoError(400, "InvalidRequest", "type is invalid.");
      const webinarKey = String(next++);
      webinars.set(webinarKey, {
        webinarKey,
        subject: body.subject,
        description: typeof body.description === "string" ? body.description : "",
        times: body.times as GoToWebinarRecord["times"],
        timeZone: typeof body.timeZone === "string" ? body.timeZone : "UTC",
        type: typeof body.type === "string" ? body.type : "single_session",
        cancelled: false,
        registrants: [],
        attendees: [],
      });
      install(webinarKey);
      return { status: 201, json: { webinarKey } };
    }),
  });
  return webinars;
}
