import { describe, expect, it } from "vitest";
import { PAGE_BUILDERS } from "../pageBuilders.js";
import { builderGuide } from "./builderGuides.js";
import { WAYS } from "./ways.js";

const ORIGIN = "https://app.example.com";

describe("the builders' guides", () => {
  it("has a guide for each of the ten builders, each naming one of the four ways", () => {
    expect(PAGE_BUILDERS).toHaveLength(10);
    for (const { value, label } of PAGE_BUILDERS) {
      const guide = builderGuide(value, ORIGIN);
      expect(guide, value).toBeDefined();
      expect(guide?.label).toBe(label);
      expect(WAYS.map((w) => w.id)).toContain(guide?.way);
      expect(guide?.steps.length, value).toBeGreaterThanOrEqual(2);
      expect(guide?.stripped, value).not.toBe("");
    }
  });

  it("tells, in the steps, which way to paste", () => {
    for (const { value } of PAGE_BUILDERS) {
      const guide = builderGuide(value, ORIGIN);
      const label = WAYS.find((w) => w.id === guide?.way)?.label ?? "";
      expect(guide?.steps.join(" "), value).toContain(label);
    }
  });

  it("names Cuepoint's address for a plain page's Content-Security-Policy", () => {
    expect(builderGuide("html", ORIGIN)?.stripped).toContain(`allow ${ORIGIN} in script-src`);
  });

  it("has no guide for an unknown builder", () => {
    expect(builderGuide("geocities", ORIGIN)).toBeUndefined();
  });
});
