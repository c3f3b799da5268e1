import { eq } from "drizzle-orm";
import { automationSettings, type AutomationSettingsRow, type CatchUpPolicy, type QuietHours } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { DEFAULT_CATCH_UP, DEFAULT_QUIET_HOURS } from "./policy.js";

/** A timeline's automation settings, defaults filled in. */
export interface AutomationSettings {
  catchUp: CatchUpPolicy;
  quietHours: QuietHours;
}

/**
 * The catch-up policy and quiet hours of a timeline (its stored row, else the defaults).
 *
 * @example
 * const { catchUp, quietHours } = await automationSettingsOf(orm, timeline.id);
 */
export async function automationSettingsOf(orm: Orm, timelineId: string): Promise<AutomationSettings> {
  const [row] = await orm.select().from(automationSettings).where(eq(automationSettings.timelineId, timelineId));
  return automationSettingsFrom(row);
}

/** The settings a stored row (or none) stands for, defaults filled in. */
export function automationSettingsFrom(row: Pick<AutomationSettingsRow, "catchUp" | "quietHours"> | undefined): AutomationSettings {
  return {
    catchUp: { ...DEFAULT_CATCH_UP, ...row?.catchUp },
    quietHours: { ...DEFAULT_QUIET_HOURS, ...row?.quietHours },
  };
}

/** Stores a timeline's automation settings (the caller checked the timeline is the account's). */
export async function storeAutomationSettings(
  orm: Orm,
  accountId: string,
  timelineId: string,
  settings: AutomationSettings,
  now: Date,
): Promise<void> {
  await orm
    .insert(automationSettings)
    .values({ accountId, timelineId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: automationSettings.timelineId, set: { ...settings, updatedAt: now } });
}
