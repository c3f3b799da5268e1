import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient, type Client } from "./createClient.js";
import { createFetcher, type ClientOptions, type Fetcher } from "./createFetcher.js";
import { AnalyticsTimeoutError, PlanError } from "./errors.js";
import * as exported from "./index.js";
import type { ClientLike } from "./route.js";
import { allCalls } from "./test-support/calls/allCalls.js";
import type { CallRow } from "./test-support/calls/types.js";
import { startRecorder, type Recorded, type Recorder } from "./test-support/recorder.js";

/**
 * Every call function (`webinarsList(client, query)`) sends what its method
 * (`client.webinars.list(query)`) sends and resolves what it resolves, against a real HTTP server,
 * given the request core (`createFetcher`) or a whole client. The rows are the methods' own table
 * (`test-support/calls`), so a call added there is checked here too.
 */

type CallFunction = (client: ClientLike, ...args: unknown[]) => Promise<unknown>;

/** `["room", "chat", "send"]` → `roomChatSend`: the call function of a method. */
const callName = (path: string[]) => path.map((part, i) => (i ? part[0]!.toUpperCase() + part.slice(1) : part)).join("");

/** Which method a row calls, and with what: the row runs against a stand-in that notes it. */
const methodOf = (row: CallRow): { path: string[]; args: unknown[] } => {
  let seen: { path: string[]; args: unknown[] } | undefined;
  const at = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_, key) => at([...path, String(key)]),
      apply: (_, __, args: unknown[]) => {
        seen = { path, args };
        return Promise.resolve();
      },
    });
  void row.call(at([]) as Client);
  if (!seen) throw new Error("the row called no method");
  return seen;
};

/** What the server saw of a request, its multipart boundary left out. */
const wire = (request: Recorded) => ({
  method: request.method,
  path: request.path,
  query: request.query,
  encoding: request.encoding,
  contentType: request.contentType?.split(";")[0],
  body: request.body,
  authorization: request.headers.authorization,
  accept: request.headers.accept,
  xsrf: request.headers["x-xsrf-token"],
});

const settled = async (answer: Promise<unknown>) => {
  const value = await answer;
  return value instanceof Blob ? { blob: await value.text(), type: value.type } : value;
};

let server: Recorder;
let options: ClientOptions;
let client: Client;
let core: Fetcher;
beforeAll(async () => {
  server = await startRecorder();
  options = { apiURL: server.url, token: "tok_123", xsrf: { cookie: () => "XSRF-TOKEN=xs%3Drf" } };
  client = createClient(options);
  core = createFetcher(options);
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe("call functions", () => {
  it.each(Object.entries(allCalls))("%s: the same call as the method, on the core and on a client", async (_, row) => {
    const { path, args } = methodOf(row);
    const send = (exported as Record<string, unknown>)[callName(path)] as CallFunction;
    expect(send).toBeTypeOf("function");

    const answers: unknown[] = [];
    for (const call of [() => row.call(client), () => send(core, ...args), () => send(client, ...args)]) {
      if (row.answer) server.script(`${row.method} ${row.path}`, row.answer);
      answers.push(await settled(call()));
    }

    const [byMethod, ...byFunction] = server.requests.map(wire);
    expect(byMethod).toMatchObject({ method: row.method, path: row.path });
    expect(byFunction).toEqual([byMethod, byMethod]);
    const [methodAnswer, ...functionAnswers] = answers.map((answer) =>
      // `timelines.delete` resolves the raw response: compare what it carries.
      answer instanceof Response ? { status: answer.status, data: (answer as Response & { _data?: unknown })._data } : answer,
    );
    expect(functionAnswers).toEqual([methodAnswer, methodAnswer]);
  });

  it("exist for every method of every group, under `<group><Method>`", () => {
    const names: string[] = [];
    const walk = (group: object, path: string[]) => {
      for (const [key, value] of Object.entries(group)) {
        if (typeof value === "function") names.push(callName([...path, key]));
        else walk(value as object, [...path, key]);
      }
    };
    const { request: _request, ...groups } = client;
    walk(groups, []);
    const missing = names.filter((name) => typeof (exported as Record<string, unknown>)[name] !== "function");
    expect(missing).toEqual([]);
    expect(names).toHaveLength(133);
  });

  it("reject with the method's typed errors", async () => {
    server.script("PUT /user/plan", { status: 402, body: { error: "Card declined" } });
    server.script("POST /analytics/attendance", { status: 524, body: "" });
    await expect(exported.accountChangePlan(core, { plan: "advanced", frequency: "yearly" })).rejects.toEqual(
      expect.objectContaining({ name: "PlanError", message: "Card declined", status: 402 }),
    );
    const error = await exported.webinarsAttendance(core, { webinarTimeline: "t1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalyticsTimeoutError);
    expect(error).not.toBeInstanceOf(PlanError);
  });

  it("carry `.raw`, the full response, like the methods", async () => {
    server.script("GET /webinars/w1", { status: 200, body: { success: { id: "w1" } }, headers: { "x-request-id": "r1" } });
    const response = await exported.webinarsGet(core, "w1").raw;
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("r1");
    expect(response._data).toEqual({ success: { id: "w1" } });
  });
});
