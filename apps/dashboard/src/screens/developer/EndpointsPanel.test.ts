import { describe, expect, it } from "vitest";
import { groupEndpoints } from "./EndpointsPanel.js";

describe("groupEndpoints", () => {
  it("groups operations by their first tag, sorted, with upper-case methods", () => {
    const groups = groupEndpoints({
      paths: {
        "/registrants": { get: { tags: ["Leads"], summary: "List" }, post: { tags: ["Leads"], summary: "Upload" } },
        "/health": { get: { summary: "Health" } },
        "/oauth/scopes": { get: { tags: ["Tokens"], summary: "Scopes" }, parameters: {} as never },
      },
    });
    expect(groups.map(([tag, list]) => [tag, list.map((e) => `${e.method} ${e.path}`)])).toEqual([
      ["Leads", ["GET /registrants", "POST /registrants"]],
      ["Other", ["GET /health"]],
      ["Tokens", ["GET /oauth/scopes"]],
    ]);
  });
});
