import type { ApiError, Client } from "@cuepoint/sdk";
import type { TimelineRow } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";
import { insertTimeline } from "../attendanceData.js";
import { occurrences } from "../recurrence.js";
import { storeSchedule } from "../schedule.js";

/** The test app on a clock the test sets, with an owner account, its client and one timeline. */
export interface WebinarTestApp extends TestApp {
  setNow(date: Date | string): void;
  owner: Client;
  accountId: string;
  timeline: TimelineRow;
  /** A second account's client, for isolation checks. */
  stranger: Client;
  strangerAccountId: string;
}

export async function createWebinarTestApp(start: string): Promise<WebinarTestApp> {
  let now = new Date(start);
  const t = await createTestApp({ now: () => now });
  const owner = await t.user({ name: "Olivia Owner" });
  const stranger = await t.user();
  // Remember-me sessions last 30 days, so tests may move the clock by weeks.
  const [ownerToken, strangerToken] = [
    await t.login(owner.email, owner.password, true),
    await t.login(stranger.email, stranger.password, true),
  ];
  return {
    ...t,
    setNow: (date) => (now = new Date(date)),
    owner: t.client(ownerToken),
    accountId: owner.accountId,
    timeline: await insertTimeline(t.db.orm, owner.accountId, {
      name: "Launch webinar",
      timeZone: "America/Los_Angeles",
    }),
    stranger: t.client(strangerToken),
    strangerAccountId: stranger.accountId,
  };
}

/**
 * Stores events directly (the API refuses starts in the past): one single event per local start.
 * Answers their ids in the order given.
 */
export async function insertEvents(
  t: WebinarTestApp,
  starts: string[],
  { timeline = t.timeline, name = "Stored event" }: { timeline?: TimelineRow; name?: string } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (const startLocal of starts) {
    const timeZone = timeline.setting.general.timeZone;
    const { rows } = await storeSchedule(t.db.orm, {
      accountId: timeline.accountId,
      timelineId: timeline.id,
      name,
      timeZone,
      startLocal,
      starts: occurrences(startLocal, timeZone, undefined, new Date()),
      now: new Date(),
    });
    ids.push(rows[0]?.id ?? "");
  }
  return ids;
}

/** The rejection of a call, for checking status, message and field. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("The call was expected to fail.");
    },
    (error: unknown) => error as ApiError,
  );
