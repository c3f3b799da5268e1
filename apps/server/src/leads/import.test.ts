import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client } from "@cuepoint/sdk";
import { registrants, scheduledActions, users } from "../db/schema/index.js";
import { readyMail } from "../engine/test-support/testSupport.js";
import { insertEvent, insertTimeline } from "./test-support/testFixtures.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";

let t: TestApp;
let owner: Client;
let accountId: string;
let timelineId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  await t.db.orm
    .update(users)
    .set({ features: { registrantUpload: true } })
    .where(eq(users.id, user.id));
  owner = t.client(await t.login(user.email));
  timelineId = await insertTimeline(t.db.orm, accountId);
});
afterAll(() => t.close());

const csv = (text: string) => new Blob([text], { type: "text/csv" });
const rowsOf = (timeline: string) =>
  t.db.orm.select().from(registrants).where(eq(registrants.timelineId, timeline)).orderBy(registrants.seq);

const HOUR = 3_600_000;
/** A timeline with a past, a next and a later session, and two actions ready to schedule. */
async function webinar() {
  const timeline = await insertTimeline(t.db.orm, accountId);
  const at = (ms: number, name: string) =>
    insertEvent(t.db.orm, { accountId, timelineId: timeline, startsAt: new Date(Date.now() + ms), name });
  const past = await at(-2 * HOUR, "Monday");
  const next = await at(HOUR, "Tuesday");
  const later = await at(25 * HOUR, "Wednesday");
  await owner.timelines.setEvents({
    webinarTimeline: timeline,
    blocks: { "1": [readyMail(1, 1, { id: "thanks" })], "2": [readyMail(2, 1, { id: "replay" })] },
    isPast: false,
  });
  return { timeline, past, next, later };
}
/** Each registrant's event and its scheduled actions' (node, event), by email. */
async function scheduleOf(timeline: string) {
  const rows = await rowsOf(timeline);
  const jobs = await t.db.orm
    .select({ registrantId: scheduledActions.registrantId, nodeKey: scheduledActions.nodeKey, eventId: scheduledActions.eventId, status: scheduledActions.status })
    .from(scheduledActions)
    .where(inArray(scheduledActions.registrantId, rows.map((r) => r.uuid)));
  return Object.fromEntries(
    rows.map((r) => [
      r.email,
      {
        eventId: r.eventId,
        jobs: jobs
          .filter((j) => j.registrantId === r.uuid)
          .map((j) => `${j.nodeKey}@${j.eventId === r.eventId ? "own event" : j.eventId}:${j.status}`)
          .sort(),
      },
    ]),
  );
}

describe("POST /registrants (CSV import)", () => {
  it("imports rows by header name, keeps the file order, and makes other columns custom fields", async () => {
    const timeline = await insertTimeline(t.db.orm, accountId);
    const answer = await owner.leads.upload({
      webinarTimeline: timeline,
      csv: csv(
        "\uFEFFCompany;E-mail;First Name;Last Name;Mobile\r\n" +
          'ACME;ann@example.com;Ann;Lee;+1 555 0101\r\n"Globex; Inc";BOB@example.com;Bob;;\r\n\r\n',
      ),
    });
    expect(answer).toEqual({
      success: { imported: 2, skipped: 0, invalid: 0, errors: [] },
      message: "Imported 2 registrants.",
    });
    const rows = await rowsOf(timeline);
    expect(
      rows.map(({ email, name, phone, customFields, source, eventId }) => ({
        email,
        name,
        phone,
        customFields,
        source,
        eventId,
      })),
    ).toEqual([
      {
        email: "ann@example.com",
        name: "Ann Lee",
        phone: "+1 555 0101",
        customFields: { Company: "ACME" },
        source: "csv",
        eventId: null,
      },
      {
        email: "BOB@example.com",
        name: "Bob",
        phone: "",
        customFields: { Company: "Globex; Inc" },
        source: "csv",
        eventId: null,
      },
    ]);
  });

  it("reports bad rows by line, skips duplicates, and imports the rest", async () => {
    const answer = await owner.leads.upload({
      webinarTimeline: timelineId,
      csv: csv(
        [
          "name,email,phone",
          "Ann,ann@example.com,",
          "Bad,ann@example,",
          "Dup,ANN@example.com,",
          "Long,long@example.com,1,extra",
          "Short,short@example.com",
          ",,",
          "Eve,,555",
          "Zed,zed@example.com,",
        ].join("\n"),
      ),
    });
    expect(answer.success).toEqual({
      imported: 3,
      skipped: 1,
      invalid: 3,
      errors: [
        {
          line: 3,
          field: "email",
          message: 'The email address must end in a 2 to 10 letter suffix, like .com or .co.uk. ("ann@example")',
        },
        { line: 5, message: "This row has 4 values but the header names 3 columns." },
        { line: 8, field: "email", message: "Enter an email address." },
      ],
    });
    expect(answer.message).toBe(
      "Imported 3 registrants. 1 row was already registered. 3 rows have errors and were skipped.",
    );
  });

  it("is idempotent: importing the same file again adds nothing", async () => {
    const timeline = await insertTimeline(t.db.orm, accountId);
    const file = "email\na@example.com\nb@example.com\n";
    await owner.leads.upload({ webinarTimeline: timeline, csv: csv(file) });
    const again = await owner.leads.upload({ webinarTimeline: timeline, csv: csv(file + "c@example.com\n") });
    expect(again.success).toMatchObject({ imported: 1, skipped: 2, invalid: 0 });
    expect(await rowsOf(timeline)).toHaveLength(3);
  });

  it("refuses files it cannot read, writing nothing", async () => {
    const timeline = await insertTimeline(t.db.orm, accountId);
    const refused = async (text: string) => owner.leads.upload({ webinarTimeline: timeline, csv: csv(text) });
    await expect(refused("")).rejects.toMatchObject({
      status: 400,
      field: "csv",
      message: expect.stringMatching(/empty/) as string,
    });
    await expect(refused("name,phone\nAnn,1\n")).rejects.toMatchObject({
      status: 400,
      field: "csv",
      message: 'The CSV file needs an "email" column: name one column of its first row "email".',
    });
    await expect(refused('email,name\na@example.com,"Ann\n')).rejects.toMatchObject({ status: 400, field: "csv" });
    expect(await rowsOf(timeline)).toEqual([]);
  });

  it("needs the registrantUpload feature", async () => {
    const user = await t.user();
    const timeline = await insertTimeline(t.db.orm, user.accountId);
    const other = t.client(await t.login(user.email));
    await expect(
      other.leads.upload({ webinarTimeline: timeline, csv: csv("email\na@example.com\n") }),
    ).rejects.toMatchObject({
      status: 403,
      message:
        "Importing registrants from a CSV file is not switched on for your account. Please reach out to support to switch it on.",
    });
    expect(await rowsOf(timeline)).toEqual([]);
  });

  it("imports only into the account's own active timelines", async () => {
    const stranger = await t.user();
    const theirs = await insertTimeline(t.db.orm, stranger.accountId);
    const trashed = await insertTimeline(t.db.orm, accountId, {}, "trash");
    for (const webinarTimeline of [theirs, trashed, "not-an-id"]) {
      await expect(owner.leads.upload({ webinarTimeline, csv: csv("email\na@example.com\n") })).rejects.toMatchObject({
        status: 404,
      });
    }
    expect(await rowsOf(theirs)).toEqual([]);
  });

  it("registers rows for the next open session and schedules its actions, in bulk", async () => {
    const { timeline, next } = await webinar();
    const lines = ["email,name"];
    for (let i = 0; i < 2_500; i++) lines.push(`guest${i}@example.com,Guest ${i}`); // two insert batches
    const answer = await owner.leads.upload({ webinarTimeline: timeline, csv: csv(lines.join("\n")) });
    expect(answer.success).toMatchObject({ imported: 2_500, invalid: 0 });
    const schedule = await scheduleOf(timeline);
    expect(Object.keys(schedule)).toHaveLength(2_500);
    for (const person of Object.values(schedule)) {
      expect(person).toEqual({ eventId: next, jobs: ["replay@own event:pending", "thanks@own event:pending"] });
    }
  });

  it("takes the event from an event column, and reports an event that is not the timeline's", async () => {
    const { timeline, next, later, past } = await webinar();
    const elsewhere = await webinar();
    const answer = await owner.leads.upload({
      webinarTimeline: timeline,
      csv: csv(
        `Email,Event ID\nann@example.com,${later.toUpperCase()}\nbob@example.com,\ncy@example.com,${elsewhere.next}\n` +
          `di@example.com,nope\ned@example.com,${past}\n`,
      ),
    });
    expect(answer.success).toEqual({
      imported: 3,
      skipped: 0,
      invalid: 2,
      errors: [
        { line: 4, field: "event", message: `There is no event "${elsewhere.next}" in this timeline: use an event id, or leave it blank.` },
        { line: 5, field: "event", message: 'There is no event "nope" in this timeline: use an event id, or leave it blank.' },
      ],
    });
    const schedule = await scheduleOf(timeline);
    expect(schedule["ann@example.com"]).toEqual({ eventId: later, jobs: ["replay@own event:pending", "thanks@own event:pending"] });
    expect(schedule["bob@example.com"]?.eventId).toBe(next);
    // A past event: the engine's catch-up decides (by default the latest missed action runs now; none was missed here).
    expect(schedule["ed@example.com"]?.eventId).toBe(past);
    expect(schedule["ed@example.com"]?.jobs).toHaveLength(2);
    expect(await scheduleOf(elsewhere.timeline)).toEqual({});
  });

  it("imports rows without an event, and schedules nothing, when no session is left", async () => {
    const timeline = await insertTimeline(t.db.orm, accountId);
    const past = await insertEvent(t.db.orm, { accountId, timelineId: timeline, startsAt: new Date(Date.now() - 2 * HOUR) });
    await owner.timelines.setEvents({ webinarTimeline: timeline, blocks: { "1": [readyMail(1, 1, { id: "thanks" })] }, isPast: false });
    await owner.leads.upload({ webinarTimeline: timeline, csv: csv("email\nfay@example.com\n") });
    expect(await scheduleOf(timeline)).toEqual({ "fay@example.com": { eventId: null, jobs: [] } });
    const jobs = await t.db.orm.select().from(scheduledActions).where(eq(scheduledActions.eventId, past));
    expect(jobs).toEqual([]);
  });

  it("checks the body", async () => {
    await expect(owner.leads.upload({ webinarTimeline: timelineId } as never)).rejects.toMatchObject({
      status: 400,
      field: "csv",
    });
  });

  it("takes files past the API's general body limit", async () => {
    const timeline = await insertTimeline(t.db.orm, accountId);
    const lines = ["email,name,phone,plan,notes"];
    const notes = "n".repeat(250);
    for (let i = 0; i < 4_000; i++)
      lines.push(`person${i}@example.com,Person ${i},+1 555 ${String(i).padStart(7, "0")},gold,${notes}`);
    const file = csv(lines.join("\n"));
    expect(file.size).toBeGreaterThan(1024 * 1024); // past the API's general 1 MiB body limit
    const answer = await owner.leads.upload({ webinarTimeline: timeline, csv: file });
    expect(answer.success).toMatchObject({ imported: 4_000, skipped: 0, invalid: 0 });
    expect((await owner.leads.list({ filter: "person3999" })).success[0]).toMatchObject({
      email: "person3999@example.com",
      customFields: { plan: "gold" },
    });
  });
});
