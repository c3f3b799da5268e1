import { describe, expect, it } from "vitest";
import { timeZoneOptions } from "./timeZones.js";

describe("timeZoneOptions", () => {
  it("lists the runtime's zones with readable labels, and a zone it does not list first", () => {
    const options = timeZoneOptions("America/Los_Angeles");
    expect(options).toContainEqual({ value: "America/Los_Angeles", label: "America/Los Angeles" });
    expect(options.some((o) => o.value === "Mars/Olympus")).toBe(false);
    expect(timeZoneOptions("Mars/Olympus")[0]).toEqual({ value: "Mars/Olympus", label: "Mars/Olympus" });
    expect(timeZoneOptions("Mars/Olympus")).toHaveLength(options.length + 1);
  });
});
