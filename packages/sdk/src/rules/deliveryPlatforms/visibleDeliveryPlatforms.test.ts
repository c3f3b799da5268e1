import { describe, expect, it } from "vitest";
import { visibleDeliveryPlatforms } from "./visibleDeliveryPlatforms.js";

describe("visibleDeliveryPlatforms", () => {
  it.each<[string[], string[]]>([
    [[], ["aevent", "vsl"]],
    [["ZOOM"], ["zoom", "aevent", "vsl"]],
    [["GOTOWEBINAR"], ["gotowebinar", "aevent", "vsl"]],
    [["YOUTUBE"], ["youtube", "aevent", "vsl"]],
    [["YOUTUBE", "ZOOM", "GOTOWEBINAR"], ["gotowebinar", "zoom", "youtube", "aevent", "vsl"]],
    [["zoom"], ["zoom", "aevent", "vsl"]],
    [["ZOOM", "ZOOM"], ["zoom", "aevent", "vsl"]],
    [["AEVENT"], ["aevent", "vsl"]],
    [["MAILCHIMP", "WEBINAR", "OBVIO", "VSL"], ["aevent", "vsl"]],
  ])("%j → %j", (linked, shown) => {
    expect(visibleDeliveryPlatforms(linked)).toEqual(shown);
  });

  it("always offers vsl, played by the own room like aevent, once", () => {
    expect(visibleDeliveryPlatforms([]).filter((p) => p === "vsl")).toEqual(["vsl"]);
    expect(visibleDeliveryPlatforms(["GOTOWEBINAR", "ZOOM", "YOUTUBE", "AEVENT", "VSL"])).toEqual(["gotowebinar", "zoom", "youtube", "aevent", "vsl"]);
  });
});
