import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";
import { failure, mailNode } from "../../test-support/timelineFixtures.js";

let t: TestApp;
let client: Client;
let other: Client;
beforeAll(async () => {
  t = await createTestApp();
  client = t.client(await t.login((await t.user({ name: "Ada" })).email));
  other = t.client(await t.login((await t.user()).email));
});
afterAll(() => t.close());

const create = async (name: string, c = client) =>
  (await c.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: name } }) })).success;

describe("revisions", () => {
  it("stores one per save, newest first, and restores any of them as a new revision", async () => {
    const { id } = await create("V1");
    await client.timelines.setEvents({ webinarTimeline: id, blocks: { "-1": [mailNode(1, -1)] }, isPast: false });
    await client.timelines.setItem({ webinarTimeline: id, setting: "general", key: "timelineName", value: "V2" });
    const { success: history } = await client.timelines.revisions(id);
    expect(history.map((r) => [r.reason, r.timelineName, r.actions])).toEqual([
      ["item:general.timelineName", "V2", 1],
      ["blocks", "V1", 1],
      ["created", "V1", 0],
    ]);
    expect(history[0]?.user).toBe("Ada");

    const first = history[2]?.id ?? "";
    const { success: snapshot } = await client.timelines.revision(id, first);
    expect(Object.keys(snapshot.blocks)).toHaveLength(91);
    expect(snapshot).toMatchObject({ id: first, reason: "created", timelineName: "V1", actions: 0, restored_from: null });
    expect(snapshot.setting.general.timelineName).toBe("V1");
    const { success: restored } = await client.timelines.restoreRevision(id, first);
    expect(restored.timelineName).toBe("V1");
    expect((await client.timelines.getEvents(id)).success["-1"]).toEqual([]);
    const { success: after } = await client.timelines.revisions(id);
    expect(after[0]).toMatchObject({ reason: "restore", restored_from: first, timelineName: "V1" });
    expect(after).toHaveLength(4);
  });

  it("answers 404 for a revision of another timeline or another account", async () => {
    const a = await create("A");
    const b = await create("B");
    const [revision] = (await client.timelines.revisions(a.id)).success;
    const revisionId = revision?.id ?? "";
    const wrongTimeline = await failure(client.timelines.restoreRevision(b.id, revisionId));
    expect(wrongTimeline.status).toBe(404);
    expect((await failure(client.timelines.revision(b.id, revisionId))).status).toBe(404);
    const foreign = await failure(other.timelines.restoreRevision(a.id, revisionId));
    expect([foreign.status, foreign.message]).toEqual([404, "There is no timeline with this id."]);
  });
});

describe("general and global settings", () => {
  it("stores a node's general setting; a node without one inherits the timeline's", async () => {
    const { id } = await create("Multi");
    const inherited = await client.timelines.getGeneralSetting({ webinarTimeline: id, nodeID: "day-2" });
    expect(inherited.success.timelineName).toBe("Multi");
    await client.timelines.createGeneralSetting({ webinarTimeline: id, nodeID: "day-2", general: { timeZone: "Europe/Berlin" } });
    const own = await client.timelines.getGeneralSetting({ webinarTimeline: id, nodeID: "day-2" });
    expect([own.success.timeZone, own.success.joinStart]).toEqual(["Europe/Berlin", 15]);
    const bad = await failure(
      client.timelines.createGeneralSetting({ webinarTimeline: id, nodeID: "x", general: { joinStart: -5 } }),
    );
    expect([bad.status, bad.field]).toEqual([400, "blocks.general.joinStart"]);
  });

  it("lists built-in entries and the account's own", async () => {
    await client.forms.create({ name: "Leads", fields: [{ name: "budget", label: "Budget" }] });
    const { success: tags } = await client.timelines.globalSetting("personalize");
    expect(tags).toContainEqual({ tag: "{first_name}", label: "First name", source: "builtin" });
    expect(tags).toContainEqual({ tag: "{custom.budget}", label: "Budget", source: "account" });
    const { success: templates } = await client.timelines.globalSetting("customfieldtemplate");
    expect(templates.some((f) => f.name === "budget" && f.source === "account")).toBe(true);
    expect((await client.timelines.globalSetting("customfieldtype")).success.map((f) => f.value)).toContain("select");
    expect((await client.timelines.globalSetting("language")).success[0]).toEqual({ code: "en", name: "English", source: "builtin" });
    const unknown = await failure(client.timelines.globalSetting("colours" as never));
    expect([unknown.status, unknown.field]).toEqual([400, "type"]);
    const { success: foreignTags } = await other.timelines.globalSetting("personalize");
    expect(foreignTags.some((tag) => tag.tag === "{custom.budget}")).toBe(false);
  });
});

describe("wizard templates", () => {
  it("lists and searches templates, with setting and nodes on request", async () => {
    const { success: all } = await client.timelines.wizardTemplates();
    expect(all.map((x) => x.id)).toContain("live-webinar-reminders");
    expect(all[0]?.webinarTimeline).toBeUndefined();
    const { success: found } = await client.timelines.wizardTemplates({ search: "EVERGREEN replay", timelineNodes: true });
    expect(found.map((x) => x.id)).toEqual(["evergreen-replay-funnel"]);
    expect(Object.keys(found[0]?.timelineNodes ?? {})).toHaveLength(91);
    expect((await failure(client.timelines.wizardTemplate("nope"))).status).toBe(404);
  });

  it("gives templates that make valid timelines", async () => {
    const { success: all } = await client.timelines.wizardTemplates();
    for (const { id } of all) {
      const { success: template } = await client.timelines.wizardTemplate(id);
      const setting = template.webinarTimeline?.setting ?? {};
      const { success: timeline } = await client.timelines.setMaster({ blocks: setting });
      const saved = await client.timelines.setEvents({ webinarTimeline: timeline.id, blocks: template.timelineNodes ?? {}, isPast: false });
      expect(Object.values(saved.success).flat().length).toBeGreaterThan(0);
    }
  });
});

describe("template forms", () => {
  it("creates, lists, updates and deletes forms", async () => {
    const { success: form } = await client.forms.create({ name: "Short", fields: [{ name: "company", type: "text" }] });
    expect(form).toMatchObject({ name: "Short", fields: [{ name: "company", type: "text", required: false }] });
    const { success: renamed } = await client.forms.update(form.id, { name: "Shorter" });
    expect(renamed).toMatchObject({ name: "Shorter", fields: [{ name: "company" }] });
    expect((await client.forms.list()).success.find((f) => f.id === form.id)?.name).toBe("Shorter");
    expect((await client.forms.delete(form.id)).success).toBe(true);
    expect((await client.forms.list()).success.some((f) => f.id === form.id)).toBe(false);
  });

  it("refuses bad forms with the field, and other accounts' forms with 404", async () => {
    const nameless = await failure(client.forms.create({ name: "  " }));
    expect([nameless.status, nameless.field]).toEqual([400, "name"]);
    const twice = await failure(client.forms.create({ name: "Dup", fields: [{ name: "a" }, { name: "a" }] }));
    expect([twice.status, twice.field, twice.message]).toEqual([
      400,
      "fields.1.name",
      'Two fields are named "a": give each field its own name.',
    ]);
    const { success: form } = await client.forms.create({ name: "Mine" });
    expect((await failure(other.forms.update(form.id, { name: "Theirs" }))).status).toBe(404);
    expect((await failure(other.forms.delete(form.id))).status).toBe(404);
    expect((await failure(client.forms.delete("not-a-uuid"))).status).toBe(404);
    expect((await other.forms.list()).success).toEqual([]);
  });
});
