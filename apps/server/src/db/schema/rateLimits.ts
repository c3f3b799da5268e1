import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window attempt counters shared by every server instance on the database (failed logins
 * per email, public registrations per address and per timeline). `key` names the limiter and
 * its subject ("login:ann@example.com"); a window that has ended is reset on the next hit.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});
