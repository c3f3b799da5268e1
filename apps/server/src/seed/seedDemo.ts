import { and, eq, gte } from "drizzle-orm";
import type { Caller } from "../http/authenticate.js";
import { events, purchases, usageEvents, users, type UserRow } from "../db/schema/index.js";
import { runtimeSettings } from "../config/serverConfig.js";
import { seedDemoRegistrants } from "../leads/seedDemoRegistrants.js";
import { createLocalMediaStore, type MediaStore } from "../media/store.js";
import { insertTimeline } from "../timelines/store.js";
import { templateParts, WIZARD_TEMPLATES } from "../timelines/wizardTemplates.js";
import { seedDemoWebinars } from "../webinars/seedDemoWebinars.js";
import { SETTING, readSetting, writeSetting } from "../db/settings.js";
import type { Orm } from "../db/types.js";
import { createUser, findUserByEmail } from "../users/users.js";
import { seedDemoMedia } from "./seedDemoMedia.js";
import { seedDemoRoom, type SeedDemoRoomOptions } from "./seedDemoRoom.js";

export const DEMO_EMAIL = "demo@cuepoint.local";
export const DEMO_PASSWORD = "Cuepoint-demo-1";

const HOUR = 60 * 60 * 1000;

/** What the demo's banner says to an account with a connected integration (the SDK's `bannerHeadings`). */
export const DEMO_BANNER_CONNECTED = {
  connectedMobileHeading: "Cuepoint demo: integrations are live",
  connectedHeading:
    "Welcome to the Cuepoint demo: your connected integrations are live, so actions that use them send real emails, texts and requests.",
};

/**
 * The demo account of `pnpm start`: an advanced user at the expert level (every screen shows) with an action pack and some usage this
 * month, and a banner. Idempotent: an existing demo user is left exactly as it is (its password
 * may have been changed on purpose), so restarting never duplicates rows.
 *
 * It also gets two timelines from the wizard's templates, scheduled webinars (past ones with
 * attendance, upcoming ones, a recurring series) and registrants, and a media library (folders,
 * sounds and images) stored in `media` (by default the local store of `CUEPOINT_MEDIA_DIR`, as the
 * server started from the same environment uses), and the event room's demo: an evergreen timeline
 * with sessions every 15 minutes (seedDemoRoom.ts); `options.room.video` also makes its video with
 * ffmpeg (`pnpm start` asks for it; tests leave it out to stay fast).
 */
export async function seedDemo(
  orm: Orm,
  now = new Date(),
  media: MediaStore = createLocalMediaStore(runtimeSettings().config.mediaDir),
  options: { room?: SeedDemoRoomOptions } = {},
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(orm, DEMO_EMAIL);
  if (existing) return { user: existing, created: false };
  const created = await createUser(orm, {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    role: "advanced",
    name: "Demo Host",
  });
  // The demo shows every screen: its host is at the expert level (new accounts start as beginner).
  const [user = created] = await orm.update(users).set({ skillLevel: "expert" }).where(eq(users.id, created.id)).returning();
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
  await seedDemoContent(orm, user, now);
  await seedDemoMedia(orm, media, accountId, user.id, now);
  await seedDemoRoom(orm, callerOf(user), media, now, options.room);
  if ((await readSetting(orm, SETTING.banner)) === undefined) {
    await writeSetting(orm, SETTING.banner, {
      mobileHeading: "Welcome to Cuepoint",
      fullHeading: "Welcome to the Cuepoint demo: look around, nothing here sends real messages.",
      // True only until the host connects an integration: from then on its actions send for real.
      ...DEMO_BANNER_CONNECTED,
    });
  }
  return { user, created: true };
}

/** The demo user as the author of what the seed writes (timeline revisions name their author). */
const callerOf = (user: UserRow): Caller => ({
  userId: user.id,
  accountId: user.accountId,
  role: user.role,
  via: "session",
  credentialId: "seed",
  scopes: "all",
});

/** Timelines from the wizard's templates, then webinars and registrants on the first one. */
async function seedDemoContent(orm: Orm, user: UserRow, now: Date): Promise<void> {
  const caller = callerOf(user);
  const created = [];
  for (const template of WIZARD_TEMPLATES.slice(0, 2)) {
    created.push(await insertTimeline(orm, caller, { name: template.name, ...templateParts(template), reason: "create" }, now));
  }
  const main = created[0];
  if (!main) return;
  await seedDemoWebinars(orm, user.accountId, main.id, now);
  const upcoming = await orm
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.accountId, user.accountId), eq(events.timelineId, main.id), gte(events.startsAt, now)));
  await seedDemoRegistrants(orm, user.accountId, main.id, upcoming.map((event) => event.id));
}
