import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { events } from "./events.js";
import { media } from "./media.js";

/*
 * Live video on Cuepoint's own platform (issue 17): an event's RTMP stream key and each time the host
 * broadcast to it. Owned by apps/server/src/room/live/.
 */

/**
 * The secret stream key of one event: the host's encoder publishes to `rtmp://…/live/<stream_key>`.
 * One per event (made when the host first opens the live console); a new key replaces it.
 */
export const liveStreams = pgTable(
  "live_streams",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    streamKey: text("stream_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("live_streams_key_idx").on(t.streamKey), index("live_streams_account_idx").on(t.accountId)],
);

/**
 * One publish of an event's stream, from the encoder's connect to its disconnect: its HLS folder in the
 * media store (`hls_key`, a unique run folder) and, once it ended, the recording's media item.
 * `seen_at` is renewed every few seconds while frames arrive, so a run whose server died reads as ended.
 */
export const liveRuns = pgTable(
  "live_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    hlsKey: text("hls_key").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    recordingMediaId: uuid("recording_media_id").references(() => media.id, { onDelete: "set null" }),
    error: text("error"),
  },
  (t) => [index("live_runs_event_idx").on(t.eventId, t.startedAt)],
);

export type LiveStreamRow = typeof liveStreams.$inferSelect;
export type LiveRunRow = typeof liveRuns.$inferSelect;
