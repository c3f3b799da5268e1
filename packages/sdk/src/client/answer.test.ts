import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answer } from "./answer.js";
import { createClient } from "./createClient.js";
import { ApiError, NetworkError } from "./errors.js";
import { startRecorder, type Recorder } from "./test-support/recorder.js";

let server: Recorder;
beforeAll(async () => {
  server = await startRecorder();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe("answer() — spec §7 'Handling of answers'", () => {
  it("200 resolves the data", async () => {
    server.script("GET /webinars", { body: { success: [{ webinarID: "w1" }], total: 1 } });
    const client = createClient({ apiURL: server.url });
    await expect(answer(client.webinars.list())).resolves.toEqual({ success: [{ webinarID: "w1" }], total: 1 });
  });

  it.each([201, 202, 204])("%i resolves the raw response", async (status) => {
    server.script("POST /forms", { status, body: status === 204 ? undefined : { success: { id: "f1" } } });
    const client = createClient({ apiURL: server.url });
    const result = await answer(client.forms.create({ name: "Short" }));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(status);
    if (status !== 204) expect((result as { _data?: unknown })._data).toEqual({ success: { id: "f1" } });
  });

  it("failure resolves false", async () => {
    server.script("POST /forms", { status: 422, body: { message: "Name taken" } });
    const client = createClient({ apiURL: server.url });
    await expect(answer(client.forms.create({ name: "Short" }))).resolves.toBe(false);
  });

  it("failure with withError resolves { error }", async () => {
    server.script("POST /forms", { status: 422, body: { message: "Name taken" } });
    const client = createClient({ apiURL: server.url });
    const result = await answer(client.forms.create({ name: "Short" }), { withError: true });
    expect(result).toEqual({ error: expect.any(ApiError) });
    expect((result as { error: ApiError }).error).toMatchObject({ status: 422, message: "Name taken" });
  });

  it("a network failure resolves false / { error: NetworkError }", async () => {
    const client = createClient({ apiURL: "http://127.0.0.1:1", retry: 0 });
    await expect(answer(client.session.validate())).resolves.toBe(false);
    const result = await answer(client.session.validate(), { withError: true });
    expect((result as { error: unknown }).error).toBeInstanceOf(NetworkError);
  });

  it("applies the method's own rules (plan error text, analytics timeout)", async () => {
    server.script("DELETE /user/plan", { status: 500 });
    server.script("POST /analytics/attendance", { body: { attendees: 2 } });
    const client = createClient({ apiURL: server.url });
    const cancel = await answer(client.account.cancelPlan(), { withError: true });
    expect((cancel as { error: Error }).error.name).toBe("PlanError");
    const stats = await answer(client.webinars.attendance({}), { withError: true });
    expect((stats as { error: Error }).error.message).toBe("timeout");
  });

  it("accepts a plain promise: its value, or false", async () => {
    await expect(answer(Promise.resolve(3))).resolves.toBe(3);
    await expect(answer(Promise.reject(new Error("x")))).resolves.toBe(false);
    await expect(answer(Promise.reject(new Error("x")), { withError: true })).resolves.toEqual({ error: new Error("x") });
  });

  it("timelines.delete resolves the raw response, which answer passes through", async () => {
    const client = createClient({ apiURL: server.url });
    const response = await client.timelines.delete("t1");
    expect(response.status).toBe(200);
    expect(response._data).toEqual({ success: true });
    await expect(answer(client.timelines.delete("t1"))).resolves.toBeInstanceOf(Response);
  });
});
