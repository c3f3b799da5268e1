import { and, asc, eq, gt, isNull, or } from "drizzle-orm";
import { ExportWebinarQuerySchema } from "@cuepoint/sdk";
import { attendance, registrants } from "../../db/schema/index.js";
import { defineRoute } from "../../http/route.js";
import { ownEvent } from "../../events/access.js";
import { toCsv } from "../csv.js";

const BASE_COLUMNS = [
  "name",
  "email",
  "phone",
  "registered_at",
  "attended",
  "joined_at",
  "left_at",
  "attended_minutes",
  "watched_replay",
  "replay_minutes",
] as const;

const iso = (date: Date | null) => date?.toISOString() ?? "";

const exportWebinar = defineRoute({
  method: "GET",
  path: "/webinar/export",
  operationId: "webinars.export",
  tag: "Webinars",
  summary: "The registrants of an event, or its attendees or non-attendees, as CSV",
  description:
    "`type=registrants` lists everyone registered for the event `webinarID`; `attendees` those who attended (more " +
    "than 0 seconds), `nonattendees` the others. CSV per RFC 4180 (UTF-8, CRLF, quoted where needed), with a header " +
    `row: ${BASE_COLUMNS.join(", ")}, then one column per custom registration field (sorted; a name that clashes ` +
    "with a fixed column gets a `custom:` prefix). Times are ISO 8601 UTC; `attended` is yes/no; " +
    "`attended_minutes` has one decimal; `watched_replay` (yes/no) and `replay_minutes` are replay viewing, counted " +
    "apart (it never makes an attendee). Cells starting with =, @, + or - (other than phone numbers and numbers) " +
    "get a leading ' so spreadsheets do not run them as formulas. Served as an attachment " +
    "`webinar-{webinarID}-{type}.csv`. 404 for an event that is not the account's. Needs `leads:read` (it lists " +
    "registrants' personal data).",
  // Names, emails and phones of registrants: lead data, whatever the route's resource.
  access: "leads:read",
  query: ExportWebinarQuerySchema,
  answer: { description: "The CSV text.", contentType: "text/csv" },
  async handle({ query, caller, deps, c }) {
    const { orm } = deps.db;
    const event = await ownEvent(orm, caller.accountId, query.webinarID);
    const attended = gt(attendance.attendedSeconds, 0);
    const kept =
      query.type === "attendees"
        ? attended
        : query.type === "nonattendees"
          ? or(isNull(attendance.attendedSeconds), eq(attendance.attendedSeconds, 0))
          : undefined;
    const rows = await orm
      .select({ registrant: registrants, visit: attendance })
      .from(registrants)
      .leftJoin(attendance, and(eq(attendance.registrantId, registrants.uuid), eq(attendance.eventId, event.id)))
      .where(and(eq(registrants.eventId, event.id), eq(registrants.accountId, caller.accountId), kept))
      .orderBy(asc(registrants.createdAt), asc(registrants.uuid));

    const customKeys = [...new Set(rows.flatMap(({ registrant }) => Object.keys(registrant.customFields)))].sort();
    const header = [
      ...BASE_COLUMNS,
      ...customKeys.map((key) => ((BASE_COLUMNS as readonly string[]).includes(key) ? `custom:${key}` : key)),
    ];
    const csv = toCsv(
      header,
      rows.map(({ registrant, visit }) => {
        const seconds = visit?.attendedSeconds ?? 0;
        return [
          registrant.name,
          registrant.email,
          registrant.phone,
          iso(registrant.createdAt),
          seconds > 0 ? "yes" : "no",
          iso(visit?.joinedAt ?? null),
          iso(visit?.leftAt ?? null),
          (Math.round(seconds / 6) / 10).toFixed(1),
          (visit?.replaySeconds ?? 0) > 0 ? "yes" : "no",
          (Math.round((visit?.replaySeconds ?? 0) / 6) / 10).toFixed(1),
          ...customKeys.map((key) => registrant.customFields[key] ?? ""),
        ];
      }),
    );
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="webinar-${event.id}-${query.type}.csv"`,
    });
  },
});

export const webinarExportRoutes = [exportWebinar];
