import { describe, expect, it } from "vitest";
import { summarizePageCheck } from "./pageCheckSummary.js";

const url = "https://example.com/webinar";
const pass = (name: string) => ({ name, ok: true, message: `${name} passed` });
const fail = (name: string) => ({ name, ok: false, message: `${name} failed` });

describe("summarizePageCheck", () => {
  it("says which way it found when every check passes", () => {
    const summary = summarizePageCheck({ url, found: "script", checks: [pass("fetch"), pass("script")] });
    expect(summary).toMatchObject({ ok: true, headline: "Found a working Cuepoint form on this page: the Script tag." });
  });

  it("says nothing was found, failing checks first", () => {
    const summary = summarizePageCheck({ url, found: null, checks: [pass("fetch"), fail("snippet")] });
    expect(summary.ok).toBe(false);
    expect(summary.headline).toBe("No working Cuepoint form found on this page.");
    expect(summary.checks.map((c) => c.name)).toEqual(["snippet", "fetch"]);
  });

  it("counts the failing checks of a form that was found", () => {
    expect(summarizePageCheck({ url, found: "form", checks: [fail("a")] }).headline).toBe(
      "Found a Cuepoint form on this page (the HTML form (no script)), but one check fails.",
    );
    expect(summarizePageCheck({ url, found: "iframe", checks: [fail("a"), fail("b"), pass("c")] }).headline).toContain("2 checks fail");
  });
});
