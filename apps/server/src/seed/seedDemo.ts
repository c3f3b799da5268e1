import { purchases, usageEvents, type UserRow } from "../db/schema/index.js";
import { SETTING, readSetting, writeSetting } from "../db/settings.js";
import type { Orm } from "../db/types.js";
import { createUser, findUserByEmail } from "../users/users.js";

export const DEMO_EMAIL = "demo@cuepoint.local";
export const DEMO_PASSWORD = "Cuepoint-demo-1";

const HOUR = 60 * 60 * 1000;

/**
 * The demo account of `pnpm start`: an advanced user with an action pack and some usage this
 * month, and a banner. Idempotent: an existing demo user is left exactly as it is (its password
 * may have been changed on purpose), so restarting never duplicates rows.
 *
 * Timelines, webinars, registrants and media join the demo as those parts of the server land.
 */
export async function seedDemo(orm: Orm, now = new Date()): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(orm, DEMO_EMAIL);
  if (existing) return { user: existing, created: false };
  const user = await createUser(orm, {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    role: "advanced",
    name: "Demo Host",
  });
  const { accountId } = user;
  await orm.transaction(async (tx) => {
    await tx
      .insert(purchases)
      .values({ accountId, type: "actions", quantity: 5000, description: "Action pack (demo)" });
    await tx.insert(usageEvents).values([
      {
        accountId,
        type: "actions",
        quantity: 120,
        description: "Reminder emails",
        createdAt: new Date(now.getTime() - 50 * HOUR),
      },
      {
        accountId,
        type: "actions",
        quantity: 45,
        description: "SMS reminders",
        createdAt: new Date(now.getTime() - 26 * HOUR),
      },
      {
        accountId,
        type: "webinar_hours",
        quantity: 1.5,
        description: "Product demo webinar",
        createdAt: new Date(now.getTime() - 25 * HOUR),
      },
    ]);
  });
  if ((await readSetting(orm, SETTING.banner)) === undefined) {
    await writeSetting(orm, SETTING.banner, {
      mobileHeading: "Welcome to Cuepoint",
      fullHeading: "Welcome to the Cuepoint demo: look around, nothing here sends real messages.",
    });
  }
  return { user, created: true };
}
