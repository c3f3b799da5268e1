import { describe, expect, it } from "vitest";
import { checkSingleSourceEvent } from "./checkSingleSourceEvent.js";

describe("checkSingleSourceEvent", () => {
  it("accepts one source event, or none", () => {
    expect(checkSingleSourceEvent([])).toEqual({ ok: true });
    expect(checkSingleSourceEvent([{ model: { fromEventID: "e1" } }, { model: { fromEventID: " e1 " } }, { model: null }, {}])).toEqual({
      ok: true,
    });
  });

  it("refuses several source events and names them", () => {
    const result = checkSingleSourceEvent([
      { model: { fromEventID: "e1", fromEventName: "Monday" } },
      { model: { fromEventID: 2, fromEventName: "" } },
      { model: { fromEventID: "e1", fromEventName: "Monday again" } },
    ]);
    expect(result).toMatchObject({ ok: false, code: "multiple-source-events" });
    expect(!result.ok && result.message).toContain("2 source events (Monday, 2)");
  });
});
