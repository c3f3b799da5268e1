import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngineTestApp, readyMail, type EngineTestApp } from "../test-support/testSupport.js";
import { failure } from "../../test-support/timelineFixtures.js";

/**
 * What is waiting (issue 16): readable jobs and log lines, their filters, jobs per action, cancel
 * one or all of an action, send a failed one again — through the SDK client, account-scoped.
 */

let t: EngineTestApp;
let eventId: string;
let ann: string;
let bob: string;
let cat: string;

const field = (error: { data?: unknown }) => (error.data as { field?: string }).field;

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  eventId = await t.addEvent("2026-05-10T10:00");
  await t.setBlocks({
    "-1": [readyMail(1, -1, { id: "mail", actionTitle: "Reminder: tomorrow" })],
    "1": [readyMail(1, 1, { id: "follow", actionTitle: "" })],
  });
  ann = await t.register("ann@example.com");
  bob = await t.register("bob@example.com");
  cat = await t.register("cat@example.com");
});
afterAll(() => t.stop());

describe("readable jobs", () => {
  it("carry the action's title (its label when untitled) and the registrant's name and email", async () => {
    const { success, total } = await t.owner.automation.scheduled({ webinarID: eventId });
    expect(total).toBe(6);
    const annMail = success.find((j) => j.registrantId === ann && j.nodeKey === "mail");
    expect(annMail).toMatchObject({ actionTitle: "Reminder: tomorrow", registrantName: "ann", registrantEmail: "ann@example.com", status: "pending" });
    expect(success.find((j) => j.nodeKey === "follow")?.actionTitle).toBe("Send email");
  });

  it("filter by action, status and a search of the registrant or the title", async () => {
    const mail = await t.owner.automation.scheduled({ webinarTimeline: t.timeline.id, nodeKey: "mail" });
    expect(mail.success.map((j) => j.registrantEmail).sort()).toEqual(["ann@example.com", "bob@example.com", "cat@example.com"]);
    expect((await t.owner.automation.scheduled({ webinarID: eventId, status: "waiting" })).total).toBe(6);
    expect((await t.owner.automation.scheduled({ webinarID: eventId, status: "sent" })).total).toBe(0);
    const bobs = await t.owner.automation.scheduled({ webinarID: eventId, search: "BOB@" });
    expect(bobs.success.map((j) => [j.registrantId, j.nodeKey]).sort()).toEqual([[bob, "follow"], [bob, "mail"]]);
    const reminders = await t.owner.automation.scheduled({ webinarID: eventId, search: "tomorrow" });
    expect([reminders.total, new Set(reminders.success.map((j) => j.nodeKey))]).toEqual([3, new Set(["mail"])]);
    // A LIKE wildcard is searched for as itself.
    expect((await t.owner.automation.scheduled({ webinarID: eventId, search: "%" })).total).toBe(0);
  });

  it("are counted per action, soonest first", async () => {
    const { success } = await t.owner.automation.scheduledActions({ webinarID: eventId });
    expect(success.map((a) => [a.nodeKey, a.actionTitle, a.counts.pending])).toEqual([
      ["mail", "Reminder: tomorrow", 3],
      ["follow", "Send email", 3],
    ]);
    expect(success[0]?.nextDueAt).toBe("2026-05-09T16:00:00.000Z");
  });

  it("refuses bad filters with the field", async () => {
    const status = await failure(t.owner.automation.scheduled({ webinarID: eventId, status: "later" as "waiting" }));
    expect([status.status, field(status)]).toEqual([400, "status"]);
    const scope = await failure(t.owner.automation.scheduledActions({}));
    expect([scope.status, scope.message]).toEqual([400, "Give webinarTimeline or webinarID."]);
  });
});

describe("cancel", () => {
  it("one registrant's job: canceled, logged with its title, and never brought back by a save", async () => {
    const { success } = await t.owner.automation.cancelScheduled({ webinarID: eventId, nodeKey: "mail", uuid: ann });
    expect(success).toEqual({ canceled: 1 });
    expect(await t.jobsOf(ann)).toMatchObject({ mail: { status: "canceled", detail: "Canceled by the host." }, follow: { status: "pending" } });
    const log = await t.owner.automation.deliveries({ uuid: ann, outcome: "canceled" });
    expect(log.success.map((l) => [l.actionTitle, l.registrantEmail, l.detail])).toEqual([["Reminder: tomorrow", "ann@example.com", "Canceled by the host."]]);
    // Moving the action (a save) moves waiting jobs only.
    await t.setBlocks({
      "-1": [readyMail(1, -1, { id: "mail", actionTitle: "Reminder: tomorrow", hours: 10 })],
      "1": [readyMail(1, 1, { id: "follow", actionTitle: "" })],
    });
    expect((await t.jobsOf(ann)).mail?.status).toBe("canceled");
    expect((await t.jobsOf(bob)).mail?.status).toBe("pending");
  });

  it("a job no longer waiting is a 409, an unknown action a 404", async () => {
    const again = await failure(t.owner.automation.cancelScheduled({ webinarID: eventId, nodeKey: "mail", uuid: ann }));
    expect([again.status, again.message, field(again)]).toEqual([409, "This job is canceled already: only a waiting job can be canceled.", "uuid"]);
    const unknown = await failure(t.owner.automation.cancelScheduled({ webinarID: eventId, nodeKey: "nope" }));
    expect([unknown.status, unknown.message]).toEqual([404, "This action has no scheduled jobs here."]);
  });

  it("all waiting jobs of an action in the timeline's events", async () => {
    const { success } = await t.owner.automation.cancelScheduled({ webinarTimeline: t.timeline.id, nodeKey: "mail" });
    expect(success).toEqual({ canceled: 2 });
    expect([(await t.jobsOf(bob)).mail?.status, (await t.jobsOf(cat)).mail?.status]).toEqual(["canceled", "canceled"]);
    const actions = (await t.owner.automation.scheduledActions({ webinarTimeline: t.timeline.id })).success;
    // An action with nothing waiting comes after those with a next due time.
    expect(actions.map((a) => a.nodeKey)).toEqual(["follow", "mail"]);
    const mail = actions.find((a) => a.nodeKey === "mail");
    expect([mail?.counts.canceled, mail?.counts.pending, mail?.nextDueAt]).toEqual([3, 0, null]);
    // Nothing left waiting: 0, not an error.
    expect((await t.owner.automation.cancelScheduled({ webinarID: eventId, nodeKey: "mail" })).success).toEqual({ canceled: 0 });
  });

  it("refuses bad input with the field, and another account's ids with a 404", async () => {
    const noScope = await failure(t.owner.automation.cancelScheduled({ nodeKey: "mail" }));
    expect([noScope.status, noScope.message, field(noScope)]).toEqual([400, "Give webinarID or webinarTimeline.", "webinarID"]);
    const noKey = await failure(t.owner.automation.cancelScheduled({ webinarID: eventId, nodeKey: "" }));
    expect([noKey.status, field(noKey)]).toEqual([400, "nodeKey"]);
    expect((await failure(t.stranger.automation.cancelScheduled({ webinarID: eventId, nodeKey: "follow" }))).status).toBe(404);
    expect((await failure(t.stranger.automation.cancelScheduled({ webinarTimeline: t.timeline.id, nodeKey: "follow", uuid: bob }))).status).toBe(404);
    expect((await t.jobsOf(bob)).follow?.status).toBe("pending");
  });
});

describe("send again", () => {
  it("a failed job runs again now and is sent; a job that did not fail is a 409", async () => {
    t.peer.failNext(3, 400); // permanent: a dead letter at once, for each of the three
    t.setNow("2026-05-11T17:00:00Z");
    await t.engine.drain();
    expect((await t.jobsOf(ann)).follow?.status).toBe("dead");
    const failed = await t.owner.automation.scheduled({ webinarID: eventId, status: "dead" });
    expect(failed.total).toBe(3);

    const { success } = await t.owner.automation.resendScheduled({ webinarID: eventId, nodeKey: "follow", uuid: ann });
    expect(success).toMatchObject({ status: "pending", attempts: 0, dueAt: "2026-05-11T17:00:00.000Z", detail: "Sent again by the host: waiting to run.", actionTitle: "Send email" });
    await t.engine.drain();
    expect(await t.jobsOf(ann)).toMatchObject({ follow: { status: "sent" } });
    expect((await t.jobsOf(bob)).follow?.status).toBe("dead");

    const sent = await failure(t.owner.automation.resendScheduled({ webinarID: eventId, nodeKey: "follow", uuid: ann }));
    expect([sent.status, sent.message]).toEqual([409, "Only a failed job (dead letter) can be sent again; this one is sent."]);
  });

  it("404s for no such job and for another account's ids", async () => {
    const none = await failure(t.owner.automation.resendScheduled({ webinarID: eventId, nodeKey: "nope", uuid: bob }));
    expect([none.status, none.message]).toEqual([404, "This registrant has no job of this action at this event."]);
    expect((await failure(t.stranger.automation.resendScheduled({ webinarID: eventId, nodeKey: "follow", uuid: bob }))).status).toBe(404);
    expect((await t.jobsOf(bob)).follow?.status).toBe("dead");
  });
});
