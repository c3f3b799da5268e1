import { beforeAll, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { PermanentActionError, RetryableActionError } from "../../actions/types.js";
import { serviceContext } from "../../context.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { LITE_TOKEN, startLiteFake } from "./fake.js";
import { mailerLiteService } from "./index.js";

const REGISTRANTS = "4243829086487936";
const ATTENDED = "4243829086487937";

const app = serviceTestApp(startLiteFake);
let liteId: string;

beforeAll(async () => {
  liteId = await create(LITE_TOKEN);
});

const create = async (key: string) =>
  (await app.owner.integrations.create({ type: "MAILERLITE", api_key: key })).success.integrationid;

const job = (action: string, model: Record<string, unknown>, integrationID = liteId) =>
  makeJob({ accountId: app.accountId, integrationType: "MAILERLITE", action, integrationID, model });

const context = (token: string) => serviceContext({ kind: "MAILERLITE", credentials: { api_key: token }, now: () => new Date() });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);
const ada = () => app.fake.state.subscribers.get("ada@example.com");

describe("MailerLite", () => {
  it("through the routes: /mailerlite/check asks MailerLite (422 in its words), the saved integration's test too, getlists caches groups", async () => {
    await expect(app.owner.integrations.check("mailerlite", { api_key: LITE_TOKEN })).resolves.toMatchObject({ success: true, message: "MailerLite accepted the token (3 groups)." });
    await expect(app.owner.integrations.check("mailerlite", { api_key: "expired" })).rejects.toMatchObject({ status: 422, message: "MailerLite answered: Unauthenticated." });
    await expect(app.owner.integrations.test(liteId)).resolves.toMatchObject({ success: true });
    const { success } = await app.owner.integrations.getLists("mailerlite", { integrationID: liteId, refresh: true });
    expect((success as Record<string, unknown[]>).groups).toHaveLength(3);
  });

  it("check reads one group with the Bearer token and says MailerLite's refusal", async () => {
    await expect(mailerLiteService.check(context(LITE_TOKEN))).resolves.toBe("MailerLite accepted the token (3 groups).");
    expect(app.fake.calls("GET /api/groups")[0]?.headers.authorization).toBe(`Bearer ${LITE_TOKEN}`);
    await expect(mailerLiteService.check(context("expired"))).rejects.toMatchObject({
      reason: "refused",
      message: "MailerLite answered: Unauthenticated.",
    });
  });

  it("lists reads every page of groups", async () => {
    for (let n = 0; n < 150; n++) app.fake.state.groups.push({ id: String(9000 + n), name: `Cohort ${n}` });
    const lists = await mailerLiteService.lists!(context(LITE_TOKEN));
    app.fake.state.groups.splice(3);
    expect(lists.groups).toHaveLength(153);
    expect(lists.groups?.[0]).toEqual({ id: REGISTRANTS, name: "Webinar registrants" });
    expect(app.fake.calls("GET /api/groups").map((r) => r.query.get("page"))).toEqual(["1", "2"]);
  });

  it("addToGroup upserts the subscriber with its name into the group, once, keeping its other groups", async () => {
    await expect(app.execute(job("addToGroup", { groupName: REGISTRANTS }))).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual(["POST /api/subscribers"]);
    expect(app.fake.requests[0]?.data).toEqual({
      email: "ada@example.com",
      fields: { name: "Ada", last_name: "Lovelace" },
      groups: [REGISTRANTS],
    });
    await app.execute(job("addToGroup", { groupName: ATTENDED }));
    await app.execute(job("addToGroup", { groupName: ATTENDED }));
    expect(ada()?.groups).toEqual(new Set([REGISTRANTS, ATTENDED]));
    expect(app.fake.state.subscribers.size).toBe(1);
  });

  it("removeFromGroup finds the subscriber by email and removes the group; skips a stranger", async () => {
    await app.execute(job("addToGroup", { groupName: ATTENDED }));
    app.fake.requests.length = 0;
    const id = ada()!.id;
    await expect(app.execute(job("removeFromGroup", { groupName: ATTENDED }))).resolves.toEqual({
      status: "sent",
      detail: `subscriber ${id} removed from group ${ATTENDED} (HTTP 204)`,
    });
    expect(calls()).toEqual(["GET /api/subscribers/ada%40example.com", `DELETE /api/subscribers/${id}/groups/${ATTENDED}`]);
    expect(ada()?.groups.has(ATTENDED)).toBe(false);
    const stranger = job("removeFromGroup", { groupName: ATTENDED });
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com" };
    await expect(app.execute(stranger)).resolves.toEqual({ status: "skipped", reason: "the registrant is not a MailerLite subscriber" });
  });

  it("delete removes the subscriber; a repeat is a skip, not an error", async () => {
    await app.execute(job("addToGroup", { groupName: REGISTRANTS }));
    const id = ada()!.id;
    app.fake.requests.length = 0;
    await expect(app.execute(job("delete", {}))).resolves.toEqual({ status: "sent", detail: `subscriber ${id} deleted (HTTP 204)` });
    expect(calls()).toEqual(["GET /api/subscribers/ada%40example.com", `DELETE /api/subscribers/${id}`]);
    expect(ada()).toBeUndefined();
    await expect(app.execute(job("delete", {}))).resolves.toEqual({ status: "skipped", reason: "the registrant is not a MailerLite subscriber" });
  });

  it("retries after MailerLite's 5xx, gives up on its refusal in its words, refuses a node without its group", async () => {
    let failures = 1;
    const original = "POST /api/subscribers";
    app.fake.on({
      [original]: () => (failures-- > 0 ? { status: 503, json: { message: "Service Unavailable" } } : { status: 200, json: { data: { id: "1" } } }),
    });
    await expect(app.execute(job("addToGroup", { groupName: REGISTRANTS }))).rejects.toThrow(
      new RetryableActionError("MailerLite answered HTTP 503: Service Unavailable"),
    );
    await expect(app.execute(job("addToGroup", { groupName: REGISTRANTS }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls(original)).toHaveLength(2);

    const wrong = await create("revoked-token");
    await expect(app.execute(job("removeFromGroup", { groupName: REGISTRANTS }, wrong))).rejects.toThrow(
      new PermanentActionError("MailerLite answered HTTP 401: Unauthenticated."),
    );
    await expect(app.execute(job("addToGroup", {}))).rejects.toThrow(new PermanentActionError("MailerLite: Pick a group (groupName)."));
  });
});
