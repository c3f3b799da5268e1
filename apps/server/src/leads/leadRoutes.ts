import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import {
  BanLeadRequestSchema,
  hasFeature,
  LEADS_PAGE_SIZE,
  LeadSchema,
  ListLeadsQuerySchema,
  UploadLeadsRequestSchema,
} from "@cuepoint/sdk";
import { registrants, timelines, users } from "../db/schema/index.js";
import { setRegistrantBanned } from "../engine/reschedule.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
import { isUuid } from "../http/ids.js";
import { defineRoute } from "../http/route.js";
import { importLeadsCsv, MAX_REPORTED_ERRORS } from "./importCsv.js";
import { LEADS_IMPORT_BODY_LIMIT_BYTES } from "./importLimit.js";
import { leadWebinars } from "./leadWebinars.js";
import { listLeads, readLeadsFilter } from "./listLeads.js";
import { leadToWire } from "./wire.js";
import { ack, AckAnswer } from "../http/answers.js";

const NO_LEAD = "There is no registrant with this id.";

const list = defineRoute({
  method: "GET",
  path: "/registrants",
  operationId: "leads.list",
  tag: "Leads",
  summary: "The account's registrants, 20 a page, newest first",
  description:
    `\`page\` is 1-based (below 1 or not a whole number reads as page 1; past the end is an empty list). ` +
    "`filter`: `all` (or absent), `banned`, or a search. A search matches leads where every word of it " +
    "starts a word of the name, email or phone, case-insensitively: words are runs of letters and digits, so " +
    "`ann`, `lee@exa` and `example.com` all find `ann.lee@example.com`, and a phone is also matched by its " +
    "digits alone (`1555` finds `+1 (555) 010-2030`). `total` counts every match, for the page count " +
    `(${LEADS_PAGE_SIZE} a page). \`webinarTimeline\` keeps the leads of that timeline only (400 when it is not an id). ` +
    "Each lead carries `source` (form, csv or demo) and `webinar`: the name of the webinar it registered for, with " +
    "the event's `start` and `timeZone` when it registered for an event.",
  access: "leads:read",
  query: ListLeadsQuerySchema,
  answer: {
    description: "A page of leads and the number of leads matching the filter.",
    schema: v.object({ success: v.array(LeadSchema), total: v.number() }),
  },
  async handle({ query, caller, deps }) {
    const timelineId = query.webinarTimeline === undefined ? undefined : String(query.webinarTimeline);
    if (timelineId !== undefined && !isUuid(timelineId)) throw badRequest("webinarTimeline is not a timeline id.", "webinarTimeline");
    const { rows, total } = await listLeads(
      deps.db.orm,
      caller.accountId,
      readLeadsFilter(query.filter),
      query.page ?? 1,
      timelineId,
    );
    const webinars = await leadWebinars(deps.db.orm, caller.accountId, rows);
    return { success: rows.map((row) => leadToWire(row, webinars.get(row.uuid))), total };
  },
});

const upload = defineRoute({
  method: "POST",
  path: "/registrants",
  operationId: "leads.upload",
  bodyLimit: LEADS_IMPORT_BODY_LIMIT_BYTES,
  tag: "Leads",
  summary: "Import registrants into a timeline from a CSV file",
  description:
    "Needs the `registrantUpload` feature on the user (403 otherwise). `webinarTimeline` is one of the account's " +
    "active timelines (404 otherwise). The CSV's first row names the columns, matched by name whatever their " +
    "order or case: `email` (also `E-mail`, `email_address`; required), `name` (or `first name` + `last name`), " +
    "`phone` (or `mobile`, `tel`), `event` (or `event id`, `session`); every other column becomes a custom field " +
    "under its header. Each row registers for an event, whose actions the automation engine then schedules as " +
    "for a form registration (in the import's transaction): the event its `event` column names (the id of one of " +
    "the timeline's events; another value makes the row invalid), else — blank or no such column — the session " +
    "the registration form would give a visitor now (the timeline's next open session); when none is left, the " +
    "row is imported without an event and gets no actions until it registers. Comma, semicolon " +
    "or tab separated (read from the header row), UTF-8, with or without a BOM. Rows with a bad email (the " +
    "SDK's email rule) or the wrong number of columns are skipped and reported by line (`errors`, the first " +
    `${MAX_REPORTED_ERRORS}; \`invalid\` counts them all). An address already in the timeline, or earlier in the ` +
    "file, is skipped (`skipped`), so importing a file again adds nothing. The " +
    "good rows are written in one transaction; a file that cannot be read at all (empty, no email column, an " +
    `unclosed quote) answers 400 and writes nothing. Files up to ${LEADS_IMPORT_BODY_LIMIT_BYTES / 1024 / 1024} ` +
    "MiB (some 900,000 rows of email, name, phone and one more column).",
  access: "leads:write",
  body: UploadLeadsRequestSchema,
  encoding: "multipart",
  answer: {
    description: "What was imported, in `success`, and a sentence for the person in `message`.",
    schema: v.object({
      success: v.object({
        imported: v.number(),
        skipped: v.number(),
        invalid: v.number(),
        errors: v.array(v.object({ line: v.number(), field: v.optional(v.string()), message: v.string() })),
      }),
      message: v.string(),
    }),
  },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const [user] = await orm
      .select({ features: users.features })
      .from(users)
      .where(and(eq(users.id, caller.userId), eq(users.accountId, caller.accountId)));
    if (!hasFeature(user, "registrantUpload")) {
      throw forbidden(
        "Importing registrants from a CSV file is not switched on for your account. Please reach out to support to switch it on.",
      );
    }
    const timelineId = String(body.webinarTimeline);
    const [timeline] = isUuid(timelineId)
      ? await orm
          .select({ id: timelines.id })
          .from(timelines)
          .where(
            and(
              eq(timelines.id, timelineId),
              eq(timelines.accountId, caller.accountId),
              eq(timelines.status, "active"),
            ),
          )
      : [];
    if (!timeline) throw notFound("There is no timeline with this id.");
    const result = await importLeadsCsv(orm, { accountId: caller.accountId, timelineId, csv: body.csv, now: deps.config.now() });
    return { success: result, message: importMessage(result) };
  },
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function importMessage(result: { imported: number; skipped: number; invalid: number }): string {
  const parts = [`Imported ${plural(result.imported, "registrant", "registrants")}.`];
  if (result.skipped > 0) parts.push(`${plural(result.skipped, "row was", "rows were")} already registered.`);
  if (result.invalid > 0)
    parts.push(
      `${plural(result.invalid, "row has", "rows have")} errors and ${result.invalid === 1 ? "was" : "were"} skipped.`,
    );
  return parts.join(" ");
}

const ban = defineRoute({
  method: "POST",
  path: "/registrants/ban",
  operationId: "leads.ban",
  tag: "Leads",
  summary: "Ban a registrant, or lift the ban with `banned: false`",
  description:
    "A banned lead stays in the list (filter `banned` shows them) and its email address can no longer register " +
    "for any of the account's timelines through the public registration form (403 there). Banning twice is fine. " +
    "404 for a uuid that is not one of the account's registrants.",
  access: "leads:write",
  body: BanLeadRequestSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    const uuid = String(body.uuid);
    const banned = body.banned ?? true;
    const [row] = isUuid(uuid)
      ? await deps.db.orm.transaction(async (tx) => {
          const changed = await tx
            .update(registrants)
            .set({ banned })
            .where(and(eq(registrants.uuid, uuid), eq(registrants.accountId, caller.accountId)))
            .returning({ uuid: registrants.uuid });
          // A banned registrant gets no more actions (engine/reschedule.ts); lifting the ban puts back those ahead.
          if (changed[0]) await setRegistrantBanned(tx, uuid, banned, deps.config.now());
          return changed;
        })
      : [];
    if (!row) throw notFound(NO_LEAD);
    return ack(banned ? "The registrant is banned." : "The ban is lifted.");
  },
});

const remove = defineRoute({
  method: "DELETE",
  path: "/registrants/:uuid",
  operationId: "leads.delete",
  tag: "Leads",
  summary: "Delete a registrant",
  description:
    "Removes the lead and its attendance. They may register again afterwards (to keep someone out, ban them " +
    "instead). 404 for a uuid that is not one of the account's registrants.",
  access: "leads:write",
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ params, caller, deps }) {
    const uuid = params.uuid ?? "";
    const [row] = isUuid(uuid)
      ? await deps.db.orm
          .delete(registrants)
          .where(and(eq(registrants.uuid, uuid), eq(registrants.accountId, caller.accountId)))
          .returning({ uuid: registrants.uuid })
      : [];
    if (!row) throw notFound(NO_LEAD);
    return ack("The registrant is deleted.");
  },
});

export const leadRoutes = [list, upload, ban, remove];
