import { afterEach, describe, expect, it, vi } from "vitest";
import { roomApi } from "./roomApi.js";

/** `fetch` answering `{ success: { entry } }` with the entry the URL asked for, recording each URL. */
function recordFetch() {
  const urls: string[] = [];
  vi.stubGlobal("fetch", async (input: string) => {
    urls.push(input);
    const entry = new URL(input).searchParams.get("entry") ?? "join";
    return new Response(JSON.stringify({ success: { token: "t 1", entry } }), { headers: { "content-type": "application/json" } });
  });
  return urls;
}

describe("roomApi", () => {
  afterEach(() => void vi.unstubAllGlobals());

  it("asks for the replay link's snapshot with ?entry=replay through the SDK's room.get, and the join link's without", async () => {
    const urls = recordFetch();
    const api = roomApi("https://app.example.com/api/");
    await expect(api.get("t 1", { entry: "replay" })).resolves.toEqual({ success: { token: "t 1", entry: "replay" } });
    await expect(api.get("t 1")).resolves.toEqual({ success: { token: "t 1", entry: "join" } });
    expect(urls).toEqual(["https://app.example.com/api/public/room/t%201?entry=replay", "https://app.example.com/api/public/room/t%201"]);
  });

  it("posts a CTA click with the item's id", async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 204 });
    });
    await roomApi("https://app.example.com/api").clickCta("t1", "node-7");
    expect(calls).toEqual([{ url: "https://app.example.com/api/public/room/t1/cta", body: { id: "node-7" } }]);
  });
});
