import { createMasterSetting, type TimelineMasterSettingInput } from "@cuepoint/sdk";
import { events, timelines } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";

/**
 * Rows the leads tests stand on, written straight to the tables (the timelines and webinars routes
 * are other slices; these tests are about leads).
 */
export async function insertTimeline(
  orm: Orm,
  accountId: string,
  setting: TimelineMasterSettingInput = {},
  status: "active" | "trash" = "active",
): Promise<string> {
  const [row] = await orm
    .insert(timelines)
    .values({ accountId, name: "Launch webinar", setting: createMasterSetting(setting), status })
    .returning({ id: timelines.id });
  if (!row) throw new Error("no timeline");
  return row.id;
}

export async function insertEvent(
  orm: Orm,
  fields: {
    accountId: string;
    timelineId: string;
    startsAt: Date;
    timeZone?: string;
    visible?: boolean;
    name?: string;
  },
): Promise<string> {
  const [row] = await orm
    .insert(events)
    .values({ timeZone: "America/New_York", name: "Session", ...fields })
    .returning({ id: events.id });
  if (!row) throw new Error("no event");
  return row.id;
}
