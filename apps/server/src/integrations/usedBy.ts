import { and, asc, eq, or, sql } from "drizzle-orm";
import { timelines } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/**
 * The caller's timelines that name an integration (read only: the timelines table belongs to the
 * timelines routes): a node of any bucket in `blocks`, the general setting's delivery
 * integration, a key of the `integration` section, or an autoresponder sender. JSON path
 * queries, so PostgreSQL does the walking, on PGlite and PostgreSQL alike.
 */
export async function timelinesUsing(
  orm: Orm,
  accountId: string,
  integrationId: string,
): Promise<Array<{ webinarTimeline: string; timelineName: string }>> {
  const vars = sql`jsonb_build_object('id', ${integrationId}::text)`;
  const rows = await orm
    .select({ webinarTimeline: timelines.id, timelineName: timelines.name })
    .from(timelines)
    .where(
      and(
        eq(timelines.accountId, accountId),
        or(
          sql`jsonb_path_exists(${timelines.blocks}, '$.*[*] ? (@.integrationID == $id)', ${vars})`,
          sql`jsonb_path_exists(${timelines.setting}, '$.general.integrationID ? (@ == $id)', ${vars})`,
          sql`jsonb_path_exists(${timelines.setting}, '$.integration.keyvalue() ? (@.key == $id)', ${vars})`,
          sql`jsonb_path_exists(${timelines.setting}, '$.autoresponder.integrations[*] ? (@ == $id)', ${vars})`,
        ),
      ),
    )
    .orderBy(asc(timelines.name), asc(timelines.id));
  return rows;
}
