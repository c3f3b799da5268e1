import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { settings } from "./schema/index.js";
import type { Orm } from "./types.js";

/** Setting keys; values are JSON. */
export const SETTING = { banner: "banner", terms: "terms", supportSecret: "support_secret" } as const;

/** The stored value of a setting, or undefined. */
export async function readSetting(orm: Orm, key: string): Promise<unknown> {
  const [row] = await orm.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Stores (or replaces) a setting. */
export async function writeSetting(orm: Orm, key: string, value: unknown): Promise<void> {
  await orm
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export async function deleteSetting(orm: Orm, key: string): Promise<void> {
  await orm.delete(settings).where(eq(settings.key, key)).returning({ key: settings.key });
}

/**
 * The support chat's secret: the configured one, else one generated on first use and stored, so
 * every instance sharing the database computes the same `intercom_hash`. The insert is
 * `on conflict do nothing`, so two instances racing keep the first one's secret.
 */
export async function supportSecret(orm: Orm, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await orm
    .insert(settings)
    .values({ key: SETTING.supportSecret, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const value = await readSetting(orm, SETTING.supportSecret);
  if (typeof value !== "string") throw new Error("The support secret setting is not a string.");
  return value;
}
