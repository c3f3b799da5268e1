import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test-support/testApp.js";
import { apiRoutes } from "./routes.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bodyLimitBytes: 1024 });
});
afterAll(() => t.close());

const json = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});

describe("the app", () => {
  it("answers health with the database kind", async () => {
    expect(await json(await t.app.request("/api/health"))).toEqual({
      status: 200,
      body: { ok: true, db: process.env.DATABASE_URL ? "postgres" : "pglite" },
    });
  });

  it("answers unknown routes with a JSON 404", async () => {
    expect(await json(await t.app.request("/api/nothing-here", { method: "POST" }))).toEqual({
      status: 404,
      body: { success: false, message: "There is no POST /api/nothing-here." },
    });
  });

  it("explains bodies it cannot read", async () => {
    const post = (body: string, type: string) =>
      t.app.request("/api/login", { method: "POST", body, headers: { "content-type": type } });
    expect(await json(await post("{nope", "application/json"))).toEqual({
      status: 400,
      body: { success: false, message: "The request body is not valid JSON." },
    });
    expect((await post("<xml/>", "application/xml")).status).toBe(415);
    const big = await json(await post(JSON.stringify({ email: "a".repeat(2000) }), "application/json"));
    expect(big).toEqual({
      status: 413,
      body: { success: false, message: "The request body is too large: the limit is 1 KB." },
    });
  });

  it("reads url-encoded forms like multipart", async () => {
    const response = await t.app.request("/api/login", {
      method: "POST",
      body: "email=a%40b.co&password=",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await json(response)).toEqual({
      status: 400,
      body: { success: false, message: "Enter your password.", field: "password" },
    });
  });
});

describe("GET /api/openapi.json", () => {
  it("describes every route of the table, with SDK schemas for the bodies", async () => {
    const { status, body } = await json(await t.app.request("/api/openapi.json"));
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    const paths = body.paths as Record<
      string,
      Record<string, { operationId: string; requestBody?: unknown; "x-access"?: string }>
    >;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
    );
    expect(operations.sort()).toEqual(
      apiRoutes.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")} ${route.operationId}`).sort(),
    );
    expect(paths["/user/plan"]?.put?.["x-access"]).toBe("account:write");
    expect(JSON.stringify(paths["/updateuser"]?.post?.requestBody)).toContain("userSkillLevel");
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(["/login", "/oauth/personal-access-tokens/{id}", "/forgotpassword"]),
    );
  });
});
