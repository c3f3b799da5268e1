import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { executeAction } from "../../../engine/actions/index.js";
import { actionContext, makeJob } from "../../../engine/actions/test-support/jobs.js";
import { PermanentActionError, RetryableActionError, type ActionJob } from "../../../engine/actions/types.js";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { serviceContext } from "../../context.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { MARO_ACCOUNT, MARO_TOKEN, startMaropostFake } from "./fake.js";
import { maropostService } from "./index.js";

const BASE = `/accounts/${MARO_ACCOUNT}`;

let t: TestApp;
let owner: Client;
let accountId: string;
let fake: Awaited<ReturnType<typeof startMaropostFake>>;
let restoreEnv: () => void;
let maroId: string;

beforeAll(async () => {
  fake = await startMaropostFake();
  restoreEnv = pointServicesAt(fake.url);
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
  maroId = await create(MARO_TOKEN);
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), fake.close()]);
});
beforeEach(() => {
  fake.requests.length = 0;
});

const create = async (token: string) =>
  (await owner.integrations.create({ type: "MAROPOST", account_id: MARO_ACCOUNT, access_token: token })).success.integrationid;

const job = (action: string, model: Record<string, unknown>, integrationID = maroId) =>
  makeJob({ accountId, integrationType: "MAROPOST", action, integrationID, model });

/** Carries out a job as the scheduler does: through the registry (`executeAction`). */
const execute = (one: ActionJob) => executeAction(actionContext(t), one);

const context = (token: string) =>
  serviceContext({ kind: "MAROPOST", credentials: { account_id: MARO_ACCOUNT, access_token: token }, now: () => new Date() });
const calls = () => fake.requests.map((r) => `${r.method} ${r.path}`);
const ada = () => fake.state.contacts.get("ada@example.com");

describe("Maropost", () => {
  it("through the routes: /maropost/check asks Maropost (422 in its words), the saved integration's test too, getlists caches lists and tags", async () => {
    await expect(owner.integrations.check("maropost", { account_id: MARO_ACCOUNT, access_token: MARO_TOKEN })).resolves.toMatchObject({ success: true });
    await expect(owner.integrations.check("maropost", { account_id: MARO_ACCOUNT, access_token: "wrong" })).rejects.toMatchObject({ status: 422, message: "Maropost answered: Invalid auth_token or account" });
    await expect(owner.integrations.test(maroId)).resolves.toMatchObject({ success: true });
    const { success } = await owner.integrations.getLists("maropost", { integrationID: maroId, refresh: true });
    expect((success as Record<string, unknown[]>).lists).toHaveLength(2);
    expect((success as Record<string, unknown[]>).tags).toHaveLength(fake.state.tags.length);
  });

  it("check reads the account's lists with its auth token and says Maropost's refusal", async () => {
    await expect(maropostService.check(context(MARO_TOKEN))).resolves.toBe(`Maropost accepted the account ${MARO_ACCOUNT} and its token.`);
    expect(fake.calls(`GET ${BASE}/lists.json`)[0]?.query.get("auth_token")).toBe(MARO_TOKEN);
    await expect(maropostService.check(context("wrong"))).rejects.toMatchObject({
      reason: "refused",
      message: "Maropost answered: Invalid auth_token or account",
    });
  });

  it("lists reads every page of lists and tags", async () => {
    const lists = await maropostService.lists!(context(MARO_TOKEN));
    expect(lists.lists).toEqual([
      { id: "71", name: "Webinar registrants" },
      { id: "72", name: "Customers" },
    ]);
    expect(lists.tags).toHaveLength(250);
    expect(fake.calls(`GET ${BASE}/tags.json`).map((r) => r.query.get("page"))).toEqual(["1", "2"]);
  });

  it("moveList subscribes the registrant with its names to the list, once however often it runs", async () => {
    await expect(execute(job("moveList", { listName: "71" }))).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual([`POST ${BASE}/lists/71/contacts.json`]);
    expect(fake.requests[0]?.data).toEqual({ contact: { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", subscribe: true } });
    expect(fake.requests[0]?.query.get("auth_token")).toBe(MARO_TOKEN);
    await execute(job("moveList", { listName: "71" }));
    expect(fake.state.contacts.size).toBe(1);
    expect(ada()?.lists).toEqual(new Set([71]));
  });

  it("addTag tags by lower-cased name: an existing contact is updated, a new one created; a retry creates nothing more", async () => {
    const stranger = job("addTag", { tagName: "Replay Watcher" });
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com", name: "Bob" };
    await expect(execute(stranger)).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual([`GET ${BASE}/contacts/email.json`, `POST ${BASE}/contacts.json`]);
    expect(fake.requests[0]?.query.get("contact[email]")).toBe("bob@example.com");
    expect(fake.requests[1]?.data).toEqual({ contact: { email: "bob@example.com", first_name: "Bob", last_name: "", add_tags: ["replay watcher"] } });
    fake.requests.length = 0;
    await execute(stranger);
    const bob = fake.state.contacts.get("bob@example.com")!;
    expect(calls()).toEqual([`GET ${BASE}/contacts/email.json`, `PUT ${BASE}/contacts/${bob.id}.json`]);
    expect(fake.requests[1]?.data).toEqual({ contact: { email: "bob@example.com", add_tags: ["replay watcher"] } });
    expect(bob.tags).toEqual(new Set(["replay watcher"]));
  });

  it("removeTag removes the tag by name from the contact; skips a stranger", async () => {
    await execute(job("addTag", { tagName: "VIP" }));
    expect(ada()?.tags.has("vip")).toBe(true);
    fake.requests.length = 0;
    await expect(execute(job("removeTag", { tagName: "VIP" }))).resolves.toEqual({
      status: "sent",
      detail: `tag "vip" removed from contact ${ada()!.id} (HTTP 200)`,
    });
    expect(fake.requests[1]?.data).toEqual({ contact: { email: "ada@example.com", remove_tags: ["vip"] } });
    expect(ada()?.tags.has("vip")).toBe(false);
    const stranger = job("removeTag", { tagName: "vip" });
    stranger.registrant = { ...stranger.registrant, email: "carol@example.com" };
    await expect(execute(stranger)).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Maropost contact" });
  });

  it("retries after Maropost's 5xx, gives up on a refused token in its words, refuses a node without its tag", async () => {
    let failures = 1;
    const route = `POST ${BASE}/lists/72/contacts.json`;
    fake.on({ [route]: () => (failures-- > 0 ? { status: 500, json: { error: "Internal Server Error" } } : { status: 201, json: { id: 1 } }) });
    await expect(execute(job("moveList", { listName: "72" }))).rejects.toThrow(new RetryableActionError("Maropost answered HTTP 500: Internal Server Error"));
    await expect(execute(job("moveList", { listName: "72" }))).resolves.toMatchObject({ status: "sent" });
    expect(fake.calls(route)).toHaveLength(2);

    const wrong = await create("revoked");
    await expect(execute(job("moveList", { listName: "71" }, wrong))).rejects.toThrow(
      new PermanentActionError("Maropost answered HTTP 401: Invalid auth_token or account"),
    );
    await expect(execute(job("addTag", {}))).rejects.toThrow(new PermanentActionError("Maropost: Pick a tag (tagName)."));
  });
});
