import { beforeAll, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { PermanentActionError, RetryableActionError } from "../../actions/types.js";
import { serviceContext } from "../../context.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { IC_ACCOUNT, IC_APP, IC_FOLDER, IC_PASSWORD, IC_USER, startIcontactFake } from "./fake.js";
import { iContactService } from "./index.js";

const FOLDER = `/icp/a/${IC_ACCOUNT}/c/${IC_FOLDER}`;
const CREDENTIALS = { api_app_id: IC_APP, api_username: IC_USER, api_password: IC_PASSWORD, account_id: IC_ACCOUNT };

const app = serviceTestApp(startIcontactFake);
let icId: string;

beforeAll(async () => {
  icId = await create(IC_PASSWORD);
});

const create = async (password: string) =>
  (await app.owner.integrations.create({ type: "ICONTACT", ...CREDENTIALS, api_password: password })).success.integrationid;

const job = (action: string, model: Record<string, unknown>, integrationID = icId) =>
  makeJob({ accountId: app.accountId, integrationType: "ICONTACT", action, integrationID, model });

const context = (password: string) =>
  serviceContext({ kind: "ICONTACT", credentials: { ...CREDENTIALS, api_password: password }, now: () => new Date() });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);
const ada = () => app.fake.state.contacts.get("ada@example.com");

describe("iContact", () => {
  it("through the routes: /icontact/check asks iContact (422 in its words), the saved integration's test too, getlists caches lists", async () => {
    await expect(app.owner.integrations.check("icontact", CREDENTIALS)).resolves.toMatchObject({ success: true, message: `Connected to the iContact account ${IC_ACCOUNT} (client folder ${IC_FOLDER}).` });
    await expect(app.owner.integrations.check("icontact", { ...CREDENTIALS, api_password: "wrong" })).rejects.toMatchObject({
      status: 422,
      message: "iContact answered: Unauthorized: the application id, username or password is not valid",
    });
    await expect(app.owner.integrations.test(icId)).resolves.toMatchObject({ success: true });
    const { success } = await app.owner.integrations.getLists("icontact", { integrationID: icId, refresh: true });
    expect((success as Record<string, unknown[]>).lists).toHaveLength(600);
  });

  it("check finds the account's client folder with the four API headers and says iContact's refusal", async () => {
    await expect(iContactService.check(context(IC_PASSWORD))).resolves.toBe(`Connected to the iContact account ${IC_ACCOUNT} (client folder ${IC_FOLDER}).`);
    const [request] = app.fake.requests;
    expect(request?.path).toBe(`/icp/a/${IC_ACCOUNT}/c/`);
    expect([request?.headers["api-appid"], request?.headers["api-username"], request?.headers["api-password"], request?.headers["api-version"]]).toEqual([
      IC_APP,
      IC_USER,
      IC_PASSWORD,
      "2.2",
    ]);
    await expect(iContactService.check(context("wrong"))).rejects.toMatchObject({
      reason: "refused",
      message: "iContact answered: Unauthorized: the application id, username or password is not valid",
    });
  });

  it("lists reads every page of the folder's lists", async () => {
    const { lists } = await iContactService.lists!(context(IC_PASSWORD));
    expect(lists).toHaveLength(600);
    expect(lists?.[0]).toEqual({ id: "100", name: "Webinar registrants" });
    expect(app.fake.calls(`GET ${FOLDER}/lists`).map((r) => r.query.get("offset"))).toEqual(["0", "500"]);
  });

  it("moveList creates the contact once with its names and subscribes it; a repeat finds it instead", async () => {
    await expect(app.execute(job("moveList", { listName: "100" }))).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual([`GET /icp/a/${IC_ACCOUNT}/c/`, `GET ${FOLDER}/contacts`, `POST ${FOLDER}/contacts`, `POST ${FOLDER}/subscriptions`]);
    expect(app.fake.calls(`POST ${FOLDER}/contacts`)[0]?.data).toEqual([{ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" }]);
    const id = ada()!.contactId;
    expect(app.fake.calls(`POST ${FOLDER}/subscriptions`)[0]?.data).toEqual([{ contactId: String(id), listId: "100", status: "normal" }]);
    app.fake.requests.length = 0;
    await expect(app.execute(job("moveList", { listName: "101" }))).resolves.toEqual({ status: "sent", detail: `contact ${id} subscribed to list 101 (HTTP 200)` });
    expect(app.fake.calls(`POST ${FOLDER}/contacts`)).toHaveLength(0);
    expect(app.fake.state.subscriptions).toEqual(new Set([`${id}:100`, `${id}:101`]));
  });

  it("delete removes the contact found by email; a repeat is a skip", async () => {
    await app.execute(job("moveList", { listName: "100" }));
    const id = ada()!.contactId;
    app.fake.requests.length = 0;
    await expect(app.execute(job("delete", {}))).resolves.toEqual({ status: "sent", detail: `contact ${id} deleted (HTTP 200)` });
    expect(calls().at(-1)).toBe(`DELETE ${FOLDER}/contacts/${id}`);
    expect(ada()).toBeUndefined();
    await expect(app.execute(job("delete", {}))).resolves.toEqual({ status: "skipped", reason: "the registrant is not an iContact contact" });
  });

  it("retries after iContact's 5xx, gives up on refused credentials in its words, refuses a node without its list", async () => {
    let failures = 1;
    const route = `POST ${FOLDER}/subscriptions`;
    app.fake.on({ [route]: () => (failures-- > 0 ? { status: 503, json: { errors: ["Service temporarily unavailable"] } } : { json: { subscriptions: [] } }) });
    await expect(app.execute(job("moveList", { listName: "102" }))).rejects.toThrow(new RetryableActionError("iContact answered HTTP 503: Service temporarily unavailable"));
    await expect(app.execute(job("moveList", { listName: "102" }))).resolves.toMatchObject({ status: "sent" });
    // The first try created the contact (the previous test deleted it); the retry found it.
    expect(app.fake.calls(`POST ${FOLDER}/contacts`)).toHaveLength(1);
    expect(app.fake.calls(route)).toHaveLength(2);

    const wrong = await create("revoked");
    await expect(app.execute(job("delete", {}, wrong))).rejects.toThrow(
      new PermanentActionError("iContact answered HTTP 401: Unauthorized: the application id, username or password is not valid"),
    );
    await expect(app.execute(job("moveList", {}))).rejects.toThrow(new PermanentActionError("iContact: Pick a list (listName)."));
  });
});
