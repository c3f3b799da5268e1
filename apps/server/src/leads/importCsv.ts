import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { parse, type CsvError } from "csv-parse";
import { and, eq, sql } from "drizzle-orm";
import { checkEmail } from "@cuepoint/sdk";
import { events, registrants } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { scheduleRegistrants } from "../engine/schedule.js";
import { badRequest } from "../http/errors.js";
import { findPublicTimeline, upcomingSessions } from "../events/publicTimeline.js";
import { readHeader, sniffDelimiter, type ColumnRole } from "./csvHeaders.js";

/** A row that was not imported, by its line in the file (the header is line 1). */
export interface RowError {
  line: number;
  field?: string;
  message: string;
}

export interface ImportResult {
  /** New registrants. */
  imported: number;
  /** Rows whose email was already in the timeline, or earlier in the same file. */
  skipped: number;
  /** Rows with an error (bad email, wrong number of columns). */
  invalid: number;
  /** Up to {@link MAX_REPORTED_ERRORS} of those, by line. */
  errors: RowError[];
}

export const MAX_REPORTED_ERRORS = 100;
/** Rows per INSERT: one JSON parameter each, so the statement stays small whatever the row count. */
const BATCH_SIZE = 2000;
/** A single record larger than this is a broken file (an unclosed quote swallowing the rest). */
const MAX_RECORD_BYTES = 1024 * 1024;
/** Parser errors that mean the file itself is broken, not one row: the import stops with a 400. */
const FATAL = new Set(["CSV_QUOTE_NOT_CLOSED", "CSV_MAX_RECORD_SIZE"]);

interface Row {
  email: string;
  name: string;
  phone: string;
  /** The event column's value as written (an event id), "" when blank or absent. */
  event: string;
  custom: Record<string, string>;
}

/** A row as inserted: its event resolved (`null`: the timeline has no upcoming event). */
type InsertRow = Omit<Row, "event"> & { eventId: string | null };

function toRow(roles: readonly (ColumnRole | null)[], record: readonly string[]): Row {
  const row: Row = { email: "", name: "", phone: "", event: "", custom: {} };
  let first = "";
  let last = "";
  roles.forEach((role, index) => {
    const value = record[index] ?? "";
    if (!role || value === "") return;
    if (role.kind === "custom") row.custom[role.key] = value;
    else if (role.kind === "firstName") first = value;
    else if (role.kind === "lastName") last = value;
    else row[role.kind] = value;
  });
  if (row.name === "") row.name = [first, last].filter(Boolean).join(" ");
  return row;
}

/**
 * Inserts one batch, leaving out addresses the timeline already has, in file order (so `seq`, and
 * the leads list, follow the file). Returns how many rows were new, and the ids of those with an
 * event (the ones the engine schedules). A row whose address registered for its event meanwhile
 * (the public form, which does not take the import's lock) is skipped too.
 */
async function insertBatch(
  orm: Orm,
  accountId: string,
  timelineId: string,
  rows: InsertRow[],
  checkExisting: boolean,
): Promise<{ added: number; withEvent: string[] }> {
  const fresh = checkExisting
    ? sql`where not exists (
        select 1 from registrants r
        where r.timeline_id = ${timelineId}::uuid and lower(r.email) = lower(u.item->>'email'))`
    : sql``;
  const result = await orm.execute(sql`
    with added as (
      insert into registrants (account_id, timeline_id, event_id, email, name, phone, custom_fields, source)
      select ${accountId}::uuid, ${timelineId}::uuid, (u.item->>'eventId')::uuid, u.item->>'email', u.item->>'name',
        u.item->>'phone', u.item->'custom', 'csv'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as u(item, n)
      ${fresh}
      order by u.n
      on conflict do nothing
      returning uuid, event_id)
    select count(*)::int as added,
      coalesce(json_agg(uuid) filter (where event_id is not null), '[]'::json) as "withEvent"
    from added`);
  // Both drivers answer raw SQL with `rows` (node-postgres QueryResult, PGlite Results), json parsed.
  const [first] = (result as unknown as { rows: { added: number; withEvent: string[] }[] }).rows;
  return { added: first?.added ?? 0, withEvent: first?.withEvent ?? [] };
}

/**
 * The events an import can attach rows to: every event of the timeline by id (lower-cased), and
 * the default — the session the registration form would give a visitor now (the next open one),
 * or `null` when none is left.
 */
async function importEvents(
  tx: Orm,
  input: { accountId: string; timelineId: string },
  now: Date,
): Promise<{ byId: Map<string, string>; fallback: string | null }> {
  const rows = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.timelineId, input.timelineId), eq(events.accountId, input.accountId)));
  const timeline = await findPublicTimeline(tx, input.timelineId);
  const [next] = await upcomingSessions(tx, timeline, now);
  return { byId: new Map(rows.map((row) => [row.id.toLowerCase(), row.id])), fallback: next?.id ?? null };
}

/** Imports at least this large refresh the table's planner statistics. */
const ANALYZE_AFTER_ROWS = 10_000;

/**
 * Imports registrants into a timeline from a CSV file, streaming: the file is parsed record by
 * record (csv-parse) and written in batches, so memory holds one batch and the set of addresses
 * seen, never the whole file as rows. Headers are matched by name (`readHeader`); `email` is
 * required and checked with the SDK's email rule. Bad rows are reported by line and skipped; an
 * address already in the timeline (or earlier in the file) is skipped, so importing a file twice
 * adds nothing. Everything runs in one transaction, under a per-timeline lock so two imports into
 * one timeline cannot both add the same address. A file that cannot be read at all (no header, no
 * email column, an unclosed quote) is a 400 and nothing is written.
 *
 * Each row registers for an event as a form registration does: the one its `event` column names
 * (an id of one of the timeline's events; an unknown one is a bad row), else the session the
 * registration form would give now (the next open one); with none left, the row has no event. The
 * engine schedules the timeline's actions for the rows with an event in the same transaction
 * (`scheduleRegistrants`, a batch at a time).
 *
 * @example
 * await importLeadsCsv(orm, { accountId, timelineId, csv: new Blob(["email,name\nann@example.com,Ann\n"]), now: new Date() });
 * // { imported: 1, skipped: 0, invalid: 0, errors: [] }
 */
export async function importLeadsCsv(
  orm: Orm,
  input: { accountId: string; timelineId: string; csv: Blob; now: Date },
): Promise<ImportResult> {
  const head = (await input.csv.slice(0, 64 * 1024).text()).replace(/^\uFEFF/, "");
  if (head.trim() === "") throw badRequest("The CSV file is empty: it needs a header row with an email column.", "csv");
  const delimiter = sniffDelimiter(head.split(/\r\n|\n|\r/, 1)[0] ?? "");
  const result: ImportResult = { imported: 0, skipped: 0, invalid: 0, errors: [] };
  const reject = (line: number, message: string, field?: string) => {
    result.invalid += 1;
    if (result.errors.length < MAX_REPORTED_ERRORS) result.errors.push({ line, message, ...(field && { field }) });
  };

  await orm.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`registrants-import:${input.timelineId}`}, 0))`,
    );
    // Into an empty timeline (the usual first import) no row can be there already — the lock keeps
    // other imports out, and the file's own repeats are caught in memory — so the per-row lookup
    // of existing addresses, a third of the cost, is skipped.
    const [existing] = await tx
      .select({ uuid: registrants.uuid })
      .from(registrants)
      .where(eq(registrants.timelineId, input.timelineId))
      .limit(1);
    const sessions = await importEvents(tx, input, input.now);
    let fatal: CsvError | undefined;
    const parser = parse({
      bom: true,
      delimiter,
      info: true,
      trim: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // Short rows are fine (spreadsheets drop trailing empty cells); long ones are checked below.
      relax_column_count: true,
      skip_records_with_error: true,
      max_record_size: MAX_RECORD_BYTES,
      on_skip: (error: CsvError | undefined) => {
        if (!error) return undefined;
        if (FATAL.has(error.code)) fatal ??= error;
        else
          reject(
            Number((error as CsvError & { lines?: number }).lines ?? 0),
            `This row could not be read: ${error.message}`,
          );
        return undefined;
      },
    });
    const source = Readable.fromWeb(input.csv.stream() as unknown as NodeReadableStream<Uint8Array>);
    source.on("error", (error) => parser.destroy(error));
    source.pipe(parser);

    let roles: (ColumnRole | null)[] | undefined;
    const seen = new Set<string>();
    let batch: InsertRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const { added, withEvent } = await insertBatch(tx, input.accountId, input.timelineId, batch, existing !== undefined);
      result.imported += added;
      result.skipped += batch.length - added;
      batch = [];
      await scheduleRegistrants(tx, withEvent, input.now);
    };
    try {
      for await (const { info, record } of parser as AsyncIterable<{ info: { lines: number }; record: string[] }>) {
        if (!roles) {
          roles = readHeader(record);
          if (!roles.some((role) => role?.kind === "email")) {
            throw badRequest('The CSV file needs an "email" column: name one column of its first row "email".', "csv");
          }
          continue;
        }
        if (record.every((value) => value === "")) continue;
        if (record.length > roles.length) {
          reject(info.lines, `This row has ${record.length} values but the header names ${roles.length} columns.`);
          continue;
        }
        const { event, ...row } = toRow(roles, record);
        const check = checkEmail(row.email);
        if (!check.ok) {
          reject(info.lines, row.email === "" ? check.message : `${check.message} ("${row.email}")`, "email");
          continue;
        }
        const eventId = event === "" ? sessions.fallback : sessions.byId.get(event.toLowerCase());
        if (eventId === undefined) {
          reject(info.lines, `There is no event "${event}" in this timeline: use an event id, or leave it blank.`, "event");
          continue;
        }
        const key = row.email.toLowerCase();
        if (seen.has(key)) {
          result.skipped += 1;
          continue;
        }
        seen.add(key);
        batch.push({ ...row, eventId });
        if (batch.length >= BATCH_SIZE) await flush();
      }
    } catch (error) {
      if (error instanceof Error && "code" in error && String(error.code).startsWith("CSV_")) {
        throw badRequest(`The CSV file could not be read: ${error.message}`, "csv");
      }
      throw error;
    }
    if (fatal) throw badRequest(`The CSV file could not be read: ${fatal.message}`, "csv");
    if (!roles) throw badRequest("The CSV file is empty: it needs a header row with an email column.", "csv");
    await flush();
  });
  // Embedded PGlite runs no autovacuum, so after a large import the planner would keep the stale
  // statistics of a small table (measured at 1M rows: the middle page 790 ms instead of 245 ms,
  // a rare search 86 ms instead of 5). PostgreSQL's autovacuum does this by itself.
  if (result.imported >= ANALYZE_AFTER_ROWS) await orm.execute(sql`analyze registrants`);
  // Parser errors are reported as they happen, which can be ahead of the rows still in the stream.
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}
