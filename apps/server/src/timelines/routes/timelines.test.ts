import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { events } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";
import { failure, mailNode } from "../../test-support/timelineFixtures.js";

let t: TestApp;
let client: Client;
let other: Client;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user({ name: "Ada" });
  accountId = user.accountId;
  client = t.client(await t.login(user.email));
  other = t.client(await t.login((await t.user()).email));
});
afterAll(() => t.close());

const create = async (name: string, c = client) =>
  (await c.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: name } }) })).success;

describe("master setting", () => {
  it("creates, lists and saves a timeline with its full setting", async () => {
    const created = await create("Launch");
    expect(created).toMatchObject({ timelineName: "Launch", status: "active", shared: false });
    expect(created.setting.general.timeZone).toBe("America/Los_Angeles");

    const setting = createMasterSetting({ general: { timelineName: "Launch 2", timeZone: "Europe/Paris" } });
    const { success: saved } = await client.timelines.setMaster({ webinarTimeline: created.id, blocks: setting });
    expect(saved).toMatchObject({ id: created.id, timelineName: "Launch 2" });
    const { success: list } = await client.timelines.listMasters();
    expect(list.find((m) => m.id === created.id)?.setting.general.timeZone).toBe("Europe/Paris");
  });

  it("refuses a nameless timeline and a bad setting with the field to fix", async () => {
    const nameless = await failure(client.timelines.setMaster({ blocks: {} }));
    expect([nameless.status, nameless.field]).toEqual([400, "blocks.general.timelineName"]);
    const bad = await failure(
      client.timelines.setMaster({ blocks: { general: { timelineName: "X", replayStart: -1 } } as never }),
    );
    expect([bad.status, bad.field]).toEqual([400, "blocks.general.replayStart"]);
  });

  it("sets one item by dot path, refusing unknown keys and invalid values", async () => {
    const { id } = await create("Items");
    await client.timelines.setItem({ webinarTimeline: id, setting: "general", key: "countdown.duration", value: 30 });
    await client.timelines.setItem({ webinarTimeline: id, setting: "general", key: "timelineName", value: "Renamed" });
    const { success: list } = await client.timelines.listMasters();
    const saved = list.find((m) => m.id === id);
    expect([saved?.timelineName, saved?.setting.general.countdown.duration]).toEqual(["Renamed", 30]);

    const unknown = await failure(client.timelines.setItem({ webinarTimeline: id, setting: "general", key: "nope", value: 1 }));
    expect([unknown.status, unknown.field]).toEqual([400, "key"]);
    const invalid = await failure(
      client.timelines.setItem({ webinarTimeline: id, setting: "registration", key: "type", value: "sometimes" }),
    );
    expect([invalid.status, invalid.field]).toEqual([400, "value"]);
    const polluted = await failure(
      client.timelines.setItem({ webinarTimeline: id, setting: "general", key: "__proto__.x", value: 1 }),
    );
    expect(polluted.field).toBe("key");
  });

  it("copies one section between two of the caller's timelines, keeping the target's name", async () => {
    const from = await create("From");
    const to = await create("To");
    await client.timelines.setItem({ webinarTimeline: from.id, setting: "general", key: "language", value: "fr" });
    await client.timelines.copySetting({ copyFrom: from.id, copyTo: to.id, setting: "general" });
    const { success: list } = await client.timelines.listMasters();
    const target = list.find((m) => m.id === to.id);
    expect([target?.timelineName, target?.setting.general.language]).toEqual(["To", "fr"]);
    const foreign = await create("Foreign", other);
    expect((await failure(client.timelines.copySetting({ copyFrom: foreign.id, copyTo: to.id, setting: "page" }))).status).toBe(404);
  });

  it("copies a timeline with its actions under a new name", async () => {
    const source = await create("Source");
    const blocks = { "-1": [mailNode(1, -1)] };
    await client.timelines.setEvents({ webinarTimeline: source.id, blocks, isPast: false });
    const { success: copy } = await client.timelines.copy({ webinarTimeline: source.id, timelineName: "Source (copy)" });
    expect(copy.id).not.toBe(source.id);
    expect(copy.setting.general.timelineName).toBe("Source (copy)");
    const { success: copied } = await client.timelines.getEvents(copy.id);
    expect(copied["-1"]).toHaveLength(1);
  });
});

describe("trash and restore", () => {
  it("moves to the trash (raw response), lists it there, and restores it", async () => {
    const { id } = await create("Trash me");
    const response = await client.timelines.delete(id);
    expect([response.status, response._data?.success]).toEqual([200, true]);
    expect((await client.timelines.listMasters()).success.some((m) => m.id === id)).toBe(false);
    expect((await client.timelines.listMasters({ filter: "trash" })).success.find((m) => m.id === id)?.status).toBe("trash");
    const edit = await failure(client.timelines.setItem({ webinarTimeline: id, setting: "general", key: "language", value: "de" }));
    expect(edit.status).toBe(422);
    const { success: restored } = await client.timelines.restore(id);
    expect(restored.status).toBe("active");
  });

  it("says whether a timeline has upcoming webinars, and keeps those out of the trash", async () => {
    const { id } = await create("Used");
    expect((await client.timelines.checkIfUsed(id)).success).toBe(false);
    const past = new Date(t.clock.now().getTime() - 86_400_000);
    await t.db.orm.insert(events).values({ accountId, timelineId: id, startsAt: past, timeZone: "UTC" });
    expect((await client.timelines.checkIfUsed(id)).success).toBe(false);
    const soon = new Date(t.clock.now().getTime() + 86_400_000);
    await t.db.orm.insert(events).values({ accountId, timelineId: id, startsAt: soon, timeZone: "UTC" });
    expect((await client.timelines.checkIfUsed(id)).success).toBe(true);
    const refused = await failure(client.timelines.delete(id));
    expect(refused.status).toBe(409);
  });
});

describe("share and import", () => {
  it("shares a code that imports a scrubbed copy into another account", async () => {
    const source = await create("Shared");
    await client.timelines.setItem({ webinarTimeline: source.id, setting: "general", key: "integrationID", value: "i_1" });
    await client.timelines.setEvents({
      webinarTimeline: source.id,
      blocks: { "-2": [mailNode(2, -1, { integrationID: "i_1", integrationType: "SMTP" })] },
      isPast: false,
    });
    const { success } = await client.timelines.share(source.id);
    expect(success.code).toMatch(/^[2-9A-Z]{10}$/);
    expect((await client.timelines.share(source.id)).success.code).toBe(success.code);

    const { success: imported } = await other.timelines.getCode(success.code.toLowerCase());
    expect(imported).toMatchObject({ timelineName: "Shared", shared: false });
    expect(imported.setting.general.integrationID).toBe("");
    const { success: blocks } = await other.timelines.getEvents(imported.id);
    expect(blocks["-2"]?.[0]).toMatchObject({ integrationID: "", integrationType: "SMTP" });
    expect((await failure(client.timelines.getEvents(imported.id))).status).toBe(404);
  });

  it("answers 404 on code for an unknown code and for a trashed timeline's", async () => {
    expect((await failure(other.timelines.getCode("NOPE234567"))).field).toBe("code");
    const source = await create("Gone");
    const { success } = await client.timelines.share(source.id);
    await client.timelines.delete(source.id);
    expect((await failure(other.timelines.getCode(success.code))).status).toBe(404);
  });
});

describe("plan limits", () => {
  it("refuses a timeline past the plan's count with the SDK's message, and counts restores", async () => {
    const free = await t.user({ role: "free" });
    const c = t.client(await t.login(free.email));
    const first = await create("One", c);
    await create("Two", c);
    const over = await failure(create("Three", c));
    expect([over.status, over.message]).toEqual([
      403,
      "Your Free plan allows 2 timelines; you have 2. Upgrade or delete a timeline.",
    ]);
    expect((await failure(c.timelines.copy({ webinarTimeline: first.id, timelineName: "Copy" }))).status).toBe(403);
    await c.timelines.delete(first.id);
    const third = await create("Three", c);
    expect((await failure(c.timelines.restore(first.id))).status).toBe(403);
    await c.timelines.delete(third.id);
    expect((await c.timelines.restore(first.id)).success.status).toBe("active");
  });
});

describe("isolation", () => {
  it("answers another account's timeline ids exactly like unknown ids", async () => {
    const { id } = await create("Private");
    // One after the other: each call is made only when awaited, so none rejects unobserved.
    const calls: (() => Promise<unknown>)[] = [
      () => other.timelines.setMaster({ webinarTimeline: id, blocks: { general: { timelineName: "Mine" } } }),
      () => other.timelines.setItem({ webinarTimeline: id, setting: "general", key: "language", value: "de" }),
      () => other.timelines.copy({ webinarTimeline: id, timelineName: "Stolen" }),
      () => other.timelines.share(id),
      () => other.timelines.restore(id),
      () => other.timelines.delete(id),
      () => other.timelines.checkIfUsed(id),
      () => other.timelines.getEvents(id),
      () => other.timelines.setEvents({ webinarTimeline: id, blocks: {}, isPast: false }),
      () => other.timelines.getGeneralSetting({ webinarTimeline: id, nodeID: "n1" }),
      () => other.timelines.createGeneralSetting({ webinarTimeline: id, nodeID: "n1", general: {} }),
      () => other.timelines.revisions(id),
      () => other.timelines.copySetting({ copyFrom: id, copyTo: id, setting: "page" }),
    ];
    for (const call of calls) {
      const error = await failure(call());
      expect([error.status, error.message]).toEqual([404, "There is no timeline with this id."]);
    }
    expect((await failure(client.timelines.getEvents("not-a-uuid"))).status).toBe(404);
    expect((await other.timelines.listMasters()).success.some((m) => m.id === id)).toBe(false);
  });
});
