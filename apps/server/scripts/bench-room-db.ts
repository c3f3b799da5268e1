/**
 * Database side of bench/room.mjs: one account, a timeline whose room lasts `--hours` (no video:
 * `scheduleLength`), the chat on (public when `--public`), the real audience count, one event that
 * started a minute ago and `--registrants` people registered to it. Run while the server is
 * STOPPED in PGlite mode (one process per data folder). Prints one JSON line:
 *   {"accountId","eventId","email","password","tokensFile"}  (tokensFile: one personal token a line)
 *
 *   tsx --conditions=@cuepoint/source scripts/bench-room-db.ts --email e --password p --registrants 10000 --out /tmp/tokens.txt
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createMasterSetting } from "@cuepoint/sdk";
import { runtimeSettings } from "../src/config/serverConfig.js";
import { openDatabase } from "../src/db/openDatabase.js";
import { events, registrants, timelines } from "../src/db/schema/index.js";
import { createUser } from "../src/users/users.js";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    registrants: { type: "string", default: "10000" },
    hours: { type: "string", default: "2" },
    public: { type: "boolean", default: false },
    out: { type: "string" },
  },
});

const settings = runtimeSettings();
const db = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
try {
  const { email, password, out } = values;
  if (!email || !password || !out) throw new Error("bench-room-db needs --email, --password and --out");
  const user = await createUser(db.orm, { email, password, role: "admin", name: "Bench host" });
  const setting = createMasterSetting({
    general: {
      timeZone: "UTC",
      scheduleLength: Number(values.hours),
      hls: { audienceCount: "real", livechat: { enabled: true, type: values.public ? "public" : "" } },
    },
  });
  const [timeline] = await db.orm.insert(timelines).values({ accountId: user.accountId, name: "Room bench", setting }).returning();
  if (!timeline) throw new Error("no timeline");
  const [event] = await db.orm
    .insert(events)
    .values({ accountId: user.accountId, timelineId: timeline.id, name: "Room bench", startsAt: new Date(Date.now() - 60_000), timeZone: "UTC" })
    .returning();
  if (!event) throw new Error("no event");
  const total = Number(values.registrants);
  await db.orm.execute(sql`
    insert into ${registrants} (account_id, timeline_id, event_id, email, name, time_zone)
    select ${user.accountId}::uuid, ${timeline.id}::uuid, ${event.id}::uuid, 'viewer' || i || '@example.com', 'Viewer ' || i, 'UTC'
    from generate_series(1, ${total}::int) as i`);
  const rows = await db.orm.select({ uuid: registrants.uuid }).from(registrants).where(sql`${registrants.eventId} = ${event.id}`);
  writeFileSync(out, rows.map((row) => row.uuid).join("\n"));
  console.log(JSON.stringify({ accountId: user.accountId, eventId: event.id, email, password, tokensFile: out, registrants: rows.length }));
} finally {
  await db.close();
}
