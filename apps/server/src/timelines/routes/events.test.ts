import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { accounts } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";
import { failure, mailNode, type BlocksInput } from "../../test-support/timelineFixtures.js";

let t: TestApp;
let client: Client;
let other: Client;
beforeAll(async () => {
  t = await createTestApp();
  client = t.client(await t.login((await t.user()).email));
  other = t.client(await t.login((await t.user()).email));
});
afterAll(() => t.close());

const create = async (c = client, general: Record<string, unknown> = {}) =>
  (await c.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Events", ...general } }) })).success.id;

const save = (webinarTimeline: string, blocks: BlocksInput, c = client) =>
  c.timelines.setEvents({ webinarTimeline, blocks, isPast: false });

describe("actions", () => {
  it("saves the blocks (multipart), gives nodes ids, and answers all 91 buckets", async () => {
    const id = await create();
    const { success } = await save(id, { "-1": [mailNode(1, -1)], "2": [mailNode(2, 1, { groupID: "a2" })] });
    expect(Object.keys(success)).toHaveLength(91);
    expect(success["-1"]?.[0]?.id).toMatch(/./);
    const { success: read } = await client.timelines.getEvents(id);
    expect(read["2"]?.[0]).toMatchObject({ groupID: "a2", days: 2 });
    expect(read["-45"]).toEqual([]);
  });

  it("keeps incomplete actions as drafts", async () => {
    const id = await create();
    const { success } = await save(id, { "-1": [{ days: 1, isAfter: -1 }] });
    expect(success["-1"]).toHaveLength(1);
  });

  it("refuses a bucket outside -45..45 with the schema's message", async () => {
    const id = await create();
    const error = await failure(save(id, { "46": [] }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/between -45 and 45/);
  });

  it("refuses actions that break a timeline rule, naming the node", async () => {
    const id = await create();
    const wrongBucket = await failure(save(id, { "-1": [mailNode(2, -1)] }));
    expect([wrongBucket.status, wrongBucket.field]).toEqual([400, "blocks.-1.0"]);
    expect(wrongBucket.message).toMatch(/day -1 but its timing puts it on day -2/);

    const inLive = { days: 0, hours: 0, minutes: 20, isAfter: 1 as const, action: "sendMail", groupID: "3" };
    const overlap = await failure(save(id, { "0": [mailNode(0, -1, { hours: 2, isExact: false }), inLive] }));
    expect([overlap.field, overlap.message]).toEqual(["blocks.0.1", expect.stringMatching(/inside the 60-minute live event/)]);

    const chatBefore = { days: 0, hours: 0, minutes: 30, isAfter: -1 as const, key: "livechat", action: "livechat", groupID: "3" };
    const zoom = await create(client, { deliveryPlatform: "zoom" });
    expect((await failure(save(zoom, { "0": [chatBefore] }))).field).toBe("blocks.0.0");
    const own = await create(client, { deliveryPlatform: "aevent" });
    await save(own, { "0": [chatBefore] });

    const tooClose = await failure(save(id, { "0": [{ ...inLive, minutes: 5, isAfter: -1 }] }));
    expect(tooClose.message).toMatch(/too close to the live start/);
  });

  it("records isPast on the revision", async () => {
    const id = await create();
    await client.timelines.setEvents({ webinarTimeline: id, blocks: { "1": [mailNode(1, 1)] }, isPast: true });
    const { success } = await client.timelines.revisions(id);
    expect(success[0]).toMatchObject({ reason: "blocks", isPast: true, actions: 1 });
  });

  it("holds the account to its plan's actions, purchases and granted actions included", async () => {
    const free = await t.user({ role: "free" });
    const c = t.client(await t.login(free.email));
    const first = await create(c);
    const second = await create(c);
    const nodes = (n: number) => ({ "1": Array.from({ length: n }, () => mailNode(1, 1)) });
    await save(first, nodes(600), c);
    await save(second, nodes(400), c);
    const over = await failure(save(second, nodes(401), c));
    expect([over.status, over.field, over.message]).toEqual([
      403,
      "blocks",
      "Your Free plan allows 1,000 actions; you have 1,000. Upgrade, buy more actions or delete an action.",
    ]);
    await save(second, nodes(10), c); // fewer always passes
    await t.db.orm.update(accounts).set({ additionalActions: 5 }).where(eq(accounts.id, free.accountId));
    await save(second, nodes(395), c);
  });
});

describe("auto-chat CSV", () => {
  const upload = (webinarTimeline: string, text: string, groups = ["3"], c = client) =>
    c.timelines.uploadAutoChatCsv({
      webinarTimeline,
      groups,
      id: "chat-1",
      eventID: "ev-1",
      csv: new File([text], "chat.csv", { type: "text/csv" }),
    });

  it("turns each line into a timed livechat node on the event day, and replaces them on re-upload", async () => {
    const id = await create();
    const csv = 'From,MSG,time\nAnna,"Hello, everyone!",90\nBen,Where is the replay?,0:45:30\n';
    expect((await upload(id, csv, ["3", "a1"])).message).toBe("2 chat messages are on the timeline.");
    const { success } = await client.timelines.getEvents(id);
    expect(success["0"]).toHaveLength(4);
    expect(success["0"]?.[0]).toMatchObject({
      key: "livechat",
      hours: 0,
      minutes: 1,
      isAfter: 1,
      groupID: "3",
      nodeID: "chat-1",
      model: { from: "Anna", message: "Hello, everyone!", afterSeconds: 90, fromEventID: "ev-1" },
    });

    await upload(id, "name\tmessage\tafter\nCara\tThanks, see you\t120\n");
    const { success: again } = await client.timelines.getEvents(id);
    expect(again["0"]?.map((node) => node.model.from)).toEqual(["Cara"]);
  });

  it("refuses bad files with the lines at fault", async () => {
    const id = await create();
    const missing = await failure(upload(id, "name,text\nAnna,Hi\n"));
    expect([missing.status, missing.field]).toEqual([400, "csv"]);
    expect(missing.message).toMatch(/missing: message \(or msg\), after \(or time\)/);

    const bad = await failure(upload(id, "name,message,after\nAnna,,10\nBen,Hi,soon\nCara,Fine,30\n"));
    expect(bad.message).toBe(
      'Line 2: the message is empty. Line 3: "after" must be seconds into the event (90) or a time (1:30, 1:02:03), not "soon".',
    );
    expect((await failure(upload(id, "name,message,after\n"))).message).toMatch(/no messages/);
    const late = await failure(upload(id, "name,message,after\nAnna,Hi,10\nBen,Late,7200\n"));
    expect(late.message).toMatch(/^Line 3: The live-event action "livechat" fires .*outside the live window/);
    const lines = Array.from({ length: 5001 }, (_, i) => `P,Message ${i},${i % 3000}`).join("\n");
    expect((await failure(upload(id, `name,message,after\n${lines}`))).message).toMatch(/more than 5,000 messages/);
    expect((await failure(upload(id, "name,message,after\nA,Hi,1\n", ["vip"]))).field).toBe("groups.0");
    expect((await failure(upload(id, 'name,message,after\nA,"Hi,1\n'))).message).toMatch(/^Line \d+: /);
  });

  it("answers 404 for another account's timeline", async () => {
    const id = await create(other);
    expect((await failure(upload(id, "name,message,after\nA,Hi,1\n"))).status).toBe(404);
  });
});
