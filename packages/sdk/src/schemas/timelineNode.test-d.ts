import { describe, expectTypeOf, it } from "vitest";
import type { TimelineBlocks, TimelineNode } from "./timelineNode.js";

describe("TimelineNode types", () => {
  it("infers the wire's literal types", () => {
    expectTypeOf<TimelineNode["isAfter"]>().toEqualTypeOf<1 | -1>();
    expectTypeOf<TimelineNode["amPm"]>().toEqualTypeOf<"AM" | "PM" | undefined>();
    expectTypeOf<TimelineNode["isExact"]>().toEqualTypeOf<boolean>();
    expectTypeOf<TimelineNode["days"]>().toEqualTypeOf<number>();
  });

  it("keeps optional ids optional and defaulted fields required", () => {
    expectTypeOf<TimelineNode["nodeID"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<TimelineNode["groupID"]>().toEqualTypeOf<string>();
    expectTypeOf<TimelineNode["model"]["fromEventID"]>().toEqualTypeOf<string | undefined>();
  });

  it("keys blocks by bucket string", () => {
    expectTypeOf<TimelineBlocks>().toEqualTypeOf<Record<string, TimelineNode[]>>();
  });
});
