import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createClient } from "./createClient.js";
import { createFetcher } from "./createFetcher.js";
import { ApiError, CuepointError, NetworkError, UnauthorizedError, isCuepointError } from "./errors.js";
import { startRecorder, type Recorder } from "./test-support/recorder.js";

let server: Recorder;
beforeAll(async () => {
  server = await startRecorder();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];

describe("retry (spec §7: once, on 408/409/425/429/500/502/503/504, body-less methods only)", () => {
  it.each(RETRY_STATUSES)("GET is retried once after %i", async (status) => {
    server.script("GET /webinars", { status }, { body: { success: [], total: 0 } });
    const client = createClient({ apiURL: server.url });
    await expect(client.webinars.list()).resolves.toEqual({ success: [], total: 0 });
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "GET"]);
  });

  it.each(RETRY_STATUSES)("GET gives up after one retry on %i", async (status) => {
    server.script("GET /webinars", { status }, { status }, { body: { success: [] } });
    const client = createClient({ apiURL: server.url });
    await expect(client.webinars.list()).rejects.toMatchObject({ name: "ApiError", status });
    expect(server.requests).toHaveLength(2);
  });

  it.each(RETRY_STATUSES)("POST is not retried on %i", async (status) => {
    server.script("POST /webinar/upcoming", { status }, { body: { success: [] } });
    const client = createClient({ apiURL: server.url });
    await expect(client.webinars.upcoming()).rejects.toMatchObject({ status });
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ["PUT", () => createClient({ apiURL: server.url }).forms.update("f1", { name: "x" }), "PUT /forms/f1"],
    ["DELETE", () => createClient({ apiURL: server.url }).forms.delete("f1"), "DELETE /forms/f1"],
  ] as const)("%s is not retried", async (_, call, route) => {
    server.script(route, { status: 503 }, { body: {} });
    await expect(call()).rejects.toBeInstanceOf(ApiError);
    expect(server.requests).toHaveLength(1);
  });

  it("is not retried on other statuses (400, 404, 501)", async () => {
    for (const status of [400, 404, 501]) {
      server.reset();
      server.script("GET /purchases", { status }, { body: { success: [] } });
      await expect(createClient({ apiURL: server.url }).account.purchases()).rejects.toMatchObject({ status });
      expect(server.requests).toHaveLength(1);
    }
  });

  it("`retry` sets the count for GET and never applies to POST", async () => {
    server.script("GET /purchases", { status: 503 }, { status: 503 }, { body: { success: [] } });
    server.script("POST /validate", { status: 503 }, { body: {} });
    const client = createClient({ apiURL: server.url, retry: 2 });
    await expect(client.account.purchases()).resolves.toEqual({ success: [] });
    await expect(client.session.validate()).rejects.toMatchObject({ status: 503 });
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "GET", "GET", "POST"]);
  });

  it("`retry: 0` turns retries off", async () => {
    server.script("GET /purchases", { status: 503 }, { body: { success: [] } });
    await expect(createClient({ apiURL: server.url, retry: 0 }).account.purchases()).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });
});

describe("401 (spec §6, §8)", () => {
  it("calls onUnauthorized and still rejects with UnauthorizedError", async () => {
    server.script("GET /purchases", { status: 401, body: { message: "Unauthenticated." } });
    const onUnauthorized = vi.fn();
    const client = createClient({ apiURL: server.url, onUnauthorized, currentPath: () => "/#/leads" });
    const error = await client.account.purchases().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ status: 401, message: "Unauthenticated." });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it("on a POST too", async () => {
    server.script("POST /validate", { status: 401, body: { error: "Token expired" } });
    const onUnauthorized = vi.fn();
    await expect(createClient({ apiURL: server.url, onUnauthorized }).session.validate()).rejects.toThrow("Token expired");
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it.each(["/invoker", "/#/invoker?code=1", "/app/#/invoker"])("does not call the hook on %s", async (path) => {
    server.script("GET /purchases", { status: 401, body: {} });
    const onUnauthorized = vi.fn();
    const client = createClient({ apiURL: server.url, onUnauthorized, currentPath: () => path });
    await expect(client.account.purchases()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("reads location.pathname + hash by default", async () => {
    vi.stubGlobal("location", { pathname: "/", hash: "#/invoker" });
    try {
      server.script("GET /purchases", { status: 401, body: {} }, { status: 401, body: {} });
      const onUnauthorized = vi.fn();
      const client = createClient({ apiURL: server.url, onUnauthorized });
      await expect(client.account.purchases()).rejects.toBeInstanceOf(UnauthorizedError);
      expect(onUnauthorized).not.toHaveBeenCalled();
      vi.stubGlobal("location", { pathname: "/", hash: "#/leads" });
      await expect(client.account.purchases()).rejects.toBeInstanceOf(UnauthorizedError);
      expect(onUnauthorized).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("is not retried and does not call the hook for other statuses", async () => {
    server.script("GET /purchases", { status: 403, body: { message: "Forbidden" } });
    const onUnauthorized = vi.fn();
    await expect(createClient({ apiURL: server.url, onUnauthorized }).account.purchases()).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(1);
  });
});

describe("typed errors", () => {
  it("ApiError takes the server's message, else error, and the field", async () => {
    server.script("POST /updateuser", { status: 422, body: { message: "Email taken", field: "email" } });
    server.script("POST /level", { status: 400, body: { error: "Unknown level" } });
    server.script("POST /updateTheme", { status: 500, body: "Boom" });
    server.script("POST /consent_terms", { status: 418 });
    const client = createClient({ apiURL: server.url });

    const taken = await client.account.updateUser({ email: "a@b.co" }).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken).toBeInstanceOf(CuepointError);
    expect(taken).toMatchObject({ name: "ApiError", status: 422, message: "Email taken", field: "email" });
    expect((taken as ApiError).data).toEqual({ message: "Email taken", field: "email" });

    await expect(client.account.setLevel("expert")).rejects.toMatchObject({ message: "Unknown level", status: 400 });
    await expect(client.account.updateTheme("dark")).rejects.toMatchObject({ message: "Boom", status: 500 });
    await expect(client.account.consentTerms()).rejects.toMatchObject({
      message: "Request failed with status 418",
      status: 418,
      field: undefined,
    });
  });

  it("a text or blob call still reads a JSON error body (message, field, data)", async () => {
    const body = { success: false, message: '"type" has the wrong type.', field: "type" };
    server.script("GET /webinar/export", { status: 400, body }, { status: 404, body: "Not here" });
    server.script("GET /media/m1/file", { status: 404, body: { message: "There is no media file with this id." } });
    server.script("GET /media/m2/file", { status: 500, body: "plain failure" });
    const client = createClient({ apiURL: server.url, retry: 0 });

    const refused = await client.webinars.export({ type: "registrants", webinarID: "w1" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, message: '"type" has the wrong type.', field: "type", data: body });
    await expect(client.webinars.export({ type: "registrants", webinarID: "w1" })).rejects.toMatchObject({
      status: 404,
      message: "Not here",
    });
    await expect(client.media.download("m1")).rejects.toMatchObject({
      status: 404,
      message: "There is no media file with this id.",
    });
    // Not JSON: the Blob stays the data and the message is the generic one.
    const failed = await client.media.download("m2").catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 500, message: "Request failed with status 500" });
    expect((failed as ApiError).data).toBeInstanceOf(Blob);
  });

  it("a JSON-typed error body that is not JSON stays text", async () => {
    server.script("GET /webinar/export", { status: 502, body: "<html>Bad gateway</html>", contentType: "application/json" });
    const client = createClient({ apiURL: server.url, retry: 0 });
    await expect(client.webinars.export({ type: "registrants", webinarID: "w1" })).rejects.toMatchObject({
      status: 502,
      message: "<html>Bad gateway</html>",
    });
  });

  it("integration test and add-field failures carry the server's message (spec §8)", async () => {
    server.script("POST /test/integration", { status: 400, body: { message: "Invalid API key" } });
    server.script("POST /aweber/addfield", { status: 422, body: { message: "Field already exists" } });
    server.script("POST /registrants", { status: 422, body: { message: "Missing email column" } });
    const client = createClient({ apiURL: server.url });
    await expect(client.integrations.test("i1")).rejects.toThrow("Invalid API key");
    await expect(client.integrations.addField("aweber", { integrationID: "i", listID: "l", name: "n" })).rejects.toThrow(
      "Field already exists",
    );
    await expect(client.leads.upload({ webinarTimeline: "t", csv: new Blob(["x"]) })).rejects.toThrow("Missing email column");
  });

  it("no answer at all is a NetworkError 'Failed to fetch'", async () => {
    const client = createClient({ apiURL: "http://127.0.0.1:1", retry: 0 });
    const error = await client.session.validate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ message: "Failed to fetch", status: undefined });
    expect(isCuepointError(error)).toBe(true);
  });

  it("isCuepointError is false for anything else", () => {
    expect(isCuepointError(new Error("x"))).toBe(false);
    expect(isCuepointError(null)).toBe(false);
    expect(isCuepointError({ isCuepointError: true })).toBe(true);
  });

  it("`timeout` aborts a slow call; none by default", async () => {
    const slow = (ms: number) => async (input: RequestInfo | URL, init?: RequestInit) => {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        init?.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(init.signal?.reason);
        });
      });
      return fetch(input, { ...init, signal: null });
    };
    const fast = createClient({ apiURL: server.url, fetch: slow(100), timeout: 20 });
    await expect(fast.session.validate()).rejects.toBeInstanceOf(NetworkError);
    const patient = createClient({ apiURL: server.url, fetch: slow(100) });
    await expect(patient.session.validate()).resolves.toEqual({ success: true });
  });
});

describe("headers", () => {
  it("reads the token getter on every call; no Authorization without a token", async () => {
    let token: string | null = "first";
    const client = createClient({ apiURL: server.url, token: () => token });
    await client.session.validate();
    token = "second";
    await client.session.validate();
    token = null;
    await client.session.validate();
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(["Bearer first", "Bearer second", undefined]);
  });

  it("echoes XSRF-TOKEN from document.cookie, and not when xsrf is false", async () => {
    vi.stubGlobal("document", { cookie: "XSRF-TOKEN=abc%2Bdef" });
    try {
      await createClient({ apiURL: server.url }).session.validate();
      await createClient({ apiURL: server.url, xsrf: false }).session.validate();
    } finally {
      vi.unstubAllGlobals();
    }
    await createClient({ apiURL: server.url }).session.validate();
    expect(server.requests.map((r) => r.headers["x-xsrf-token"])).toEqual(["abc+def", undefined, undefined]);
  });

  it("does not mistake a similar cookie for XSRF-TOKEN", async () => {
    await createClient({ apiURL: server.url, xsrf: { cookie: () => "MY-XSRF-TOKEN=no" } }).session.validate();
    expect(server.last().headers["x-xsrf-token"]).toBeUndefined();
  });

  it("sends extra headers, and login still sends XSRF but no bearer token", async () => {
    const client = createClient({
      apiURL: server.url,
      token: "t",
      headers: { "x-client": "partner" },
      xsrf: { cookie: () => "XSRF-TOKEN=x1" },
    });
    await client.session.login("a@b.co", "Webinar#2024");
    expect(server.last().headers).toMatchObject({ "x-client": "partner", "x-xsrf-token": "x1" });
    expect(server.last().headers.authorization).toBeUndefined();
  });

  it("an apiURL with a path prefix keeps it", async () => {
    await createClient({ apiURL: `${server.url}/api/v1` }).webinars.get("w1");
    expect(server.last().path).toBe("/api/v1/webinars/w1");
  });
});

describe("createFetcher (the core on its own)", () => {
  it("sends any call and exposes the raw response", async () => {
    server.script("POST /custom", { status: 201, body: { success: { id: 1 } }, headers: { "x-request-id": "r1" } });
    const request = createFetcher({ apiURL: server.url, token: "t" });
    const call = request<{ success: { id: number } }>("POST", "/custom", { a: 1 });
    await expect(call).resolves.toEqual({ success: { id: 1 } });
    const response = await call.raw;
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe("r1");
    expect(server.last()).toMatchObject({ encoding: "json", body: { a: 1 }, headers: { authorization: "Bearer t" } });
  });

  it("is the client's `request`, and takes a custom fetch", async () => {
    const seen: string[] = [];
    const client = createClient({
      apiURL: server.url,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await client.request("GET", "/anything", { q: "x y" });
    expect(seen).toEqual([`${server.url}/anything?q=x+y`]);
    expect(server.last().query).toEqual({ q: "x y" });
  });
});
