import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as v from "valibot";
import { apiRoutes } from "../routes.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";
import type { Route } from "./route.js";

/**
 * Over the whole route table: text that cannot be stored (a NUL, an unpaired surrogate) and
 * numbers no field means (1e308), in every body field, query parameter, path parameter, multipart
 * field and file name, are a 4xx naming the field — never a 500. Every case is refused before a
 * handler runs, so no route acts on these calls.
 */

const NUL = "a\u0000b";
// Built at run time: a lone surrogate written in the source may not survive the transform.
const SURROGATE = `a${String.fromCharCode(0xd800)}b`;
const ID = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.user({ name: "Probe Owner" });
  token = await t.login(owner.email, owner.password, true);
});
afterAll(() => t.close());

/** The field names a request schema declares (object entries, through pipes, unions and optionals). */
function keysOf(schema: v.GenericSchema | undefined, seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as unknown as { entries?: Record<string, unknown>; pipe?: unknown[]; options?: unknown[]; wrapped?: unknown };
  const keys = new Set<string>(s.entries ? Object.keys(s.entries) : []);
  for (const inner of [...(s.pipe ?? []), ...(s.options ?? []), s.wrapped]) {
    if (inner && typeof inner === "object" && "kind" in inner && inner.kind === "schema") {
      for (const key of keysOf(inner as v.GenericSchema, seen)) keys.add(key);
    }
  }
  return [...keys];
}

const pathOf = (route: Route, param = ID) => `/api${route.path.replace(/:\w+/g, encodeURIComponent(param))}`;

async function send(route: Route, path: string, init: { body?: BodyInit; json?: unknown } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body = init.body;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  const response = await t.app.request(path, { method: route.method, headers, ...(body !== undefined && route.method !== "GET" && { body }) });
  const text = await response.text();
  return { status: response.status, answer: text.startsWith("{") ? (JSON.parse(text) as { message?: string; field?: string }) : {} };
}

/** A 4xx with a message; a 400 also names the field. */
function expectRefused(label: string, outcome: { status: number; answer: { message?: string; field?: string } }) {
  expect.soft(outcome.status, `${label}: ${outcome.answer.message}`).toBeGreaterThanOrEqual(400);
  expect.soft(outcome.status, `${label}: ${outcome.answer.message}`).toBeLessThan(500);
  expect.soft(typeof outcome.answer.message, label).toBe("string");
  if (outcome.status === 400) expect.soft(outcome.answer.field, `${label}: ${outcome.answer.message}`).toBeTruthy();
}

const BAD_VALUES: [string, unknown][] = [
  ["NUL", NUL],
  ["lone surrogate", SURROGATE],
  ["1e308", 1e308],
  ["-1e308", -1e308],
];

describe("no 500 from text or numbers, over the route table", () => {
  it("every body field (JSON and multipart, file names too)", async () => {
    let checked = 0;
    for (const route of apiRoutes.filter((r) => r.body)) {
      const keys = keysOf(route.body);
      for (const key of keys.length > 0 ? keys : ["name"]) {
        for (const [name, value] of BAD_VALUES) {
          const label = `${route.method} ${route.path} body.${key} = ${name}`;
          if (route.encoding === "multipart") {
            // Multipart text is UTF-8: a lone surrogate cannot travel in it (FormData makes it U+FFFD).
            if (typeof value !== "string" || value === SURROGATE) continue;
            const form = new FormData();
            form.set(key, value);
            const outcome = await send(route, pathOf(route), { body: form });
            expectRefused(label, outcome);
            if (outcome.status === 400) expect.soft(outcome.answer.field, label).toBe(key);
          } else {
            const outcome = await send(route, pathOf(route), { json: { [key]: value } });
            expectRefused(label, outcome);
            if (outcome.status === 400) expect.soft(outcome.answer.field, label).toBe(key);
          }
          checked++;
        }
        // Nested deep in a free-form value (settings, custom fields, credentials).
        const nested = await send(route, pathOf(route), { json: { [key]: { deep: [{ text: NUL }] } } });
        expectRefused(`${route.method} ${route.path} body.${key}.deep.0.text = NUL`, nested);
      }
      // Every field at once: string fields then pass their schema and the NUL would reach the database.
      if (route.encoding !== "multipart") {
        const all = Object.fromEntries(keys.map((key) => [key, NUL]));
        expectRefused(`${route.method} ${route.path} every field = NUL`, await send(route, pathOf(route), { json: all }));
      }
      const form = new FormData();
      form.set("file", new File(["x"], `clip${"\u0000"}.mp4`));
      expectRefused(`${route.method} ${route.path} file name with NUL`, await send(route, pathOf(route), { body: form }));
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("every query parameter, and one no schema reads (GET /registrants?filter=%00)", async () => {
    for (const route of apiRoutes) {
      const declared = keysOf(route.query);
      for (const key of [...declared, "filter"]) {
        expectRefused(`${route.method} ${route.path} ?${key} = NUL`, await send(route, `${pathOf(route)}?${key}=a%00b`));
      }
      // A declared number out of range (GET only: a string field takes "1e308" as text and the call would run).
      if (route.method !== "GET") continue;
      for (const key of declared) {
        const outcome = await send(route, `${pathOf(route)}?${key}=1e308`);
        expect.soft(outcome.status, `${route.method} ${route.path} ?${key} = 1e308: ${outcome.answer.message}`).toBeLessThan(500);
      }
    }
  });

  it("every path parameter", async () => {
    for (const route of apiRoutes.filter((r) => r.path.includes(":"))) {
      expectRefused(`${route.method} ${route.path} param = NUL`, await send(route, pathOf(route, NUL)));
    }
  });

  it("the messages name the field and say what is wrong", async () => {
    const login = apiRoutes.find((r) => r.path === "/login" && r.method === "POST");
    if (!login) throw new Error("no login route");
    expect(await send(login, "/api/login", { json: { email: "ann@example.com", password: NUL } })).toEqual({
      status: 400,
      answer: { success: false, field: "password", message: '"password" contains a NUL character (\\u0000), which text cannot hold.' },
    });
    const registrants = apiRoutes.find((r) => r.path === "/registrants" && r.method === "GET");
    if (!registrants) throw new Error("no registrants route");
    expect((await send(registrants, "/api/registrants?filter=%00")).answer).toMatchObject({ field: "filter" });
    const attendance = apiRoutes.find((r) => r.path === "/automation/attendance");
    if (!attendance) throw new Error("no attendance route");
    expect(await send(attendance, "/api/automation/attendance", { json: { webinarID: ID, uuid: ID, attendedSeconds: 1e308 } })).toEqual({
      status: 400,
      answer: { success: false, field: "attendedSeconds", message: '"attendedSeconds" is too large (at most 9007199254740991).' },
    });
    expect((await send(attendance, "/api/automation/attendance", { json: { webinarID: ID, uuid: ID, attendedSeconds: 2 ** 31 } })).answer).toMatchObject({
      field: "attendedSeconds",
    });
    // Free text has a maximum (TEXT_LIMITS): a 200 KB name is refused, not stored.
    const updateUser = apiRoutes.find((r) => r.path === "/updateuser");
    if (!updateUser) throw new Error("no updateuser route");
    for (const field of ["name", "domain"]) {
      expect(await send(updateUser, "/api/updateuser", { json: { [field]: "x".repeat(200_000) } })).toMatchObject({ status: 400, answer: { field } });
    }
    expect((await send(login, "/api/login", { json: { email: "ann@example.com", password: SURROGATE } })).answer.message).toBe(
      '"password" contains a broken character (an unpaired UTF-16 surrogate).',
    );
  });
});
