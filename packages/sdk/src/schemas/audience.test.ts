import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AudienceSegmentSchema, defaultAudienceSegments } from "./audience.js";
import { issuePath } from "./test-support/issuePath.js";

describe("AudienceSegmentSchema", () => {
  it("parses a custom segment and defaults a missing condition to null", () => {
    expect(v.parse(AudienceSegmentSchema, { id: "x", name: "All" })).toEqual({
      id: "x",
      name: "All",
      condition: null,
    });
    const buyers = { id: "b1", name: "Buyers", condition: { field: "tag", op: "eq", value: "buyer" } };
    expect(v.parse(AudienceSegmentSchema, buyers)).toEqual(buyers);
  });

  it("names a bad condition operator or a missing name", () => {
    expect(
      issuePath(AudienceSegmentSchema, {
        id: "a1",
        name: "Attendee",
        condition: { field: "attendedHour", op: ">", value: 0 },
      }),
    ).toBe("condition.op");
    expect(issuePath(AudienceSegmentSchema, { id: "a1" })).toBe("name");
  });
});

describe("defaultAudienceSegments", () => {
  it("returns exactly the spec's three segments", () => {
    expect(defaultAudienceSegments()).toEqual([
      { id: "3", name: "Registrants", condition: null },
      { id: "a1", name: "Attendee", condition: { field: "attendedHour", op: "gt", value: 0 } },
      { id: "a2", name: "Non-Attendee", condition: { field: "attendedHour", op: "eq", value: 0 } },
    ]);
  });

  it("returns valid segments, fresh each call", () => {
    const first = defaultAudienceSegments();
    for (const segment of first) expect(v.is(AudienceSegmentSchema, segment)).toBe(true);
    first[0]!.name = "Changed";
    expect(defaultAudienceSegments()[0]!.name).toBe("Registrants");
  });
});
