import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createClient } from "./createClient.js";
import { downloadCsv } from "./downloadCsv.js";
import type { CuepointError } from "./errors.js";
import { startRecorder, type Recorder } from "./test-support/recorder.js";

let server: Recorder;
beforeAll(async () => {
  server = await startRecorder();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe("downloadCsv (spec §7, §8)", () => {
  it("fetches with the bearer token and resolves the text (client)", async () => {
    server.script("GET /webinar/export", { body: "email\na@b.co\n", contentType: "text/csv" });
    const client = createClient({ apiURL: server.url, token: "tok" });
    await expect(downloadCsv(client, "/webinar/export", { type: "registrants", webinarID: "w1" })).resolves.toBe(
      "email\na@b.co\n",
    );
    expect(server.last()).toMatchObject({
      method: "GET",
      path: "/webinar/export",
      query: { type: "registrants", webinarID: "w1" },
      headers: { authorization: "Bearer tok" },
    });
  });

  it("works from options alone, even when the server calls it JSON", async () => {
    server.script("GET /export.csv", { body: "a,b\n1,2\n", contentType: "application/json" });
    await expect(downloadCsv({ apiURL: server.url, token: "tok" }, "/export.csv")).resolves.toBe("a,b\n1,2\n");
    expect(server.last().headers.authorization).toBe("Bearer tok");
  });

  it("an empty export is an empty string", async () => {
    server.script("GET /empty", { status: 200 });
    await expect(downloadCsv({ apiURL: server.url }, "/empty")).resolves.toBe("");
  });

  it("failure reports 'Failed to fetch' with the status and resolves false", async () => {
    server.script("GET /webinar/export", { status: 404, body: { message: "No such webinar" } });
    const onError = vi.fn<(error: CuepointError) => void>();
    const result = await downloadCsv({ apiURL: server.url }, "/webinar/export", { webinarID: "x" }, { onError });
    expect(result).toBe(false);
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: "Failed to fetch", status: 404 });
  });

  it("without onError it goes to the console", async () => {
    server.script("GET /webinar/export", { status: 403 });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await expect(downloadCsv({ apiURL: server.url }, "/webinar/export")).resolves.toBe(false);
      expect(consoleError).toHaveBeenCalledWith("Failed to fetch", 403);
    } finally {
      consoleError.mockRestore();
    }
  });

  it("no answer: 'Failed to fetch' without a status", async () => {
    const onError = vi.fn<(error: CuepointError) => void>();
    await expect(downloadCsv({ apiURL: "http://127.0.0.1:1", retry: 0 }, "/x", {}, { onError })).resolves.toBe(false);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: "Failed to fetch", status: undefined });
  });
});
