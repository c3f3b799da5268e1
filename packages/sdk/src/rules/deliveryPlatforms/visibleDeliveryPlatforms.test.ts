import { describe, expect, it } from "vitest";
import { visibleDeliveryPlatforms } from "./visibleDeliveryPlatforms.js";

describe("visibleDeliveryPlatforms", () => {
  it.each<[string[], string[]]>([
    [[], ["aevent"]],
    [["ZOOM"], ["zoom", "aevent"]],
    [["GOTOWEBINAR"], ["gotowebinar", "aevent"]],
    [["YOUTUBE"], ["youtube", "aevent"]],
    [["YOUTUBE", "ZOOM", "GOTOWEBINAR"], ["gotowebinar", "zoom", "youtube", "aevent"]],
    [["zoom"], ["zoom", "aevent"]],
    [["ZOOM", "ZOOM"], ["zoom", "aevent"]],
    [["AEVENT"], ["aevent"]],
    [["MAILCHIMP", "WEBINAR", "OBVIO", "VSL"], ["aevent"]],
  ])("%j → %j", (linked, shown) => {
    expect(visibleDeliveryPlatforms(linked)).toEqual(shown);
  });

  it("never shows vsl, which no integration links", () => {
    expect(visibleDeliveryPlatforms(["GOTOWEBINAR", "ZOOM", "YOUTUBE", "AEVENT", "VSL"])).not.toContain("vsl");
  });
});
