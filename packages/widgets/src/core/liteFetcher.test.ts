import { describe, expect, it } from "vitest";
import { createLiteFetcher } from "./liteFetcher.js";

describe("createLiteFetcher", () => {
  it("sends a GET's payload as the query string (undefined values left out), as the SDK's core does; a POST's payload stays out of its URL", async () => {
    const urls: string[] = [];
    const call = createLiteFetcher("https://app.example.com/api", async (url) => {
      urls.push(url);
      return new Response(JSON.stringify({ success: true }));
    });
    await call("GET", "/public/room/t1", { entry: "replay", page: 2, skip: undefined });
    await call("POST", "/public/room/t1/chat", { body: "hi" });
    await call("GET", "/public/room/t1");
    expect(urls).toEqual([
      "https://app.example.com/api/public/room/t1?entry=replay&page=2",
      "https://app.example.com/api/public/room/t1/chat",
      "https://app.example.com/api/public/room/t1",
    ]);
  });
});
