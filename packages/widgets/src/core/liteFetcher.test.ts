import { describe, expect, it } from "vitest";
import { createLiteFetcher } from "./liteFetcher.js";

describe("createLiteFetcher", () => {
  it("sends a GET's payload as the query string (undefined values left out), as the SDK's core does", async () => {
    const urls: string[] = [];
    const call = createLiteFetcher("https://app.example.com/api", async (url) => {
      urls.push(url);
      return new Response(JSON.stringify({ success: true }));
    });
    await call("GET", "/public/room/t1", { entry: "replay", page: 2, skip: undefined });
    await call("GET", "/public/room/t1?x=1", { entry: "replay" });
    await call("GET", "/public/room/t1");
    expect(urls).toEqual([
      "https://app.example.com/api/public/room/t1?entry=replay&page=2",
      "https://app.example.com/api/public/room/t1?x=1&entry=replay",
      "https://app.example.com/api/public/room/t1",
    ]);
  });
});
