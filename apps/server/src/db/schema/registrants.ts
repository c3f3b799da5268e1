import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { events } from "./events.js";
import { timelines } from "./timelines.js";

/** Where a registrant came from: the public registration form, a CSV import, or the demo seed. */
export type RegistrantSource = "form" | "csv" | "demo";

/**
 * Characters the leads search treats as spaces, besides those PostgreSQL's text-search parser
 * already splits on: without them `ann.lee@mail.com` would be one "email" word, `+1-555` the
 * number "-555", and `O'Neil` would not be found as `neil`. `translate` (not a regular
 * expression) keeps the index cheap to maintain: a CSV import pays almost nothing for it. (No
 * `;` here: drizzle-kit's snapshot format splits index definitions on it; the parser splits on
 * `;` by itself anyway.)
 */
export const SEARCH_SEPARATORS = `@.,:/\\-+()_[]'"`;
const SEARCH_SPACES = " ".repeat(SEARCH_SEPARATORS.length);

/** `text` with the separators turned into spaces, as SQL. */
export const searchableText = (text: AnyPgColumn | SQL | string): SQL =>
  sql`translate(${text}, ${sql.raw(`'${SEARCH_SEPARATORS.replaceAll("'", "''")}'`)}, ${sql.raw(`'${SEARCH_SPACES}'`)})`;

/**
 * The words the leads search runs on, as one expression used by the index and by the query alike
 * (PostgreSQL uses an expression index only for the very same expression): name, email and phone,
 * plus the phone's digits run together, so `+1 (555) 010-2030` is found as `555 010` and as
 * `15550102030`. The `simple` configuration lower-cases and keeps every word (no stemming, no
 * stop words).
 */
export const registrantSearchDocument = (columns: {
  name: AnyPgColumn | SQL;
  email: AnyPgColumn | SQL;
  phone: AnyPgColumn | SQL;
}): SQL =>
  sql`to_tsvector('simple'::regconfig, ${searchableText(
    sql`${columns.name} || ' ' || ${columns.email} || ' ' || ${columns.phone} || ' ' || translate(${columns.phone}, ' +-().', '')`,
  )})`;

/**
 * A registrant (lead, spec §3): one person registered for one event of a timeline, or imported
 * into a timeline from a CSV file (attached to the event of its `event` column, else the next open
 * session; no event only when the timeline has none left). A registration is idempotent per email
 * and event; an import per email and timeline. Owned by the leads and public registration routes.
 *
 * `seq` orders the leads list (newest first) and makes its pages cheap: the page's keys come from
 * the `(account_id, seq)` index alone, then 20 rows are read. A CSV import keeps the file's order.
 */
export const registrants = pgTable(
  "registrants",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    timelineId: uuid("timeline_id")
      .notNull()
      .references(() => timelines.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    customFields: jsonb("custom_fields").$type<Record<string, string>>().notNull().default({}),
    banned: boolean("banned").notNull().default(false),
    source: text("source").$type<RegistrantSource>().notNull().default("form"),
    /** IANA zone the registration form sent (`timeZone`); "" when unknown, e.g. a CSV import (the event's is used). */
    timeZone: text("time_zone").notNull().default(""),
    /** The registrant agreed to receive SMS/MMS (the form's `smsConsent`); without it the engine skips text messages. */
    smsConsent: boolean("sms_consent").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The leads list: all, and banned only (a small partial index).
    index("registrants_account_seq_idx").on(t.accountId, t.seq),
    index("registrants_account_banned_seq_idx")
      .on(t.accountId, t.seq)
      .where(sql`${t.banned}`),
    index("registrants_search_idx").using("gin", registrantSearchDocument(t)),
    // Idempotent registration (one row per event and email) and import (per timeline and email).
    uniqueIndex("registrants_event_email_idx").on(t.eventId, sql`lower(${t.email})`),
    index("registrants_timeline_email_idx").on(t.timelineId, sql`lower(${t.email})`),
    // A banned address may not register again in the account.
    index("registrants_account_banned_email_idx")
      .on(t.accountId, sql`lower(${t.email})`)
      .where(sql`${t.banned}`),
  ],
);

export type RegistrantRow = typeof registrants.$inferSelect;
