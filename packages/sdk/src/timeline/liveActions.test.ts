import { describe, expect, it } from "vitest";
import { LIVE_ACTION_KEYS, REGISTRANT_ACTION_KEYS, isLiveAction, isRegistrantAction } from "./liveActions.js";

describe("live-event actions: the room's and the registrant's", () => {
  it("the registrant's are live-event actions too", () => {
    for (const key of REGISTRANT_ACTION_KEYS) expect(LIVE_ACTION_KEYS).toContain(key);
  });

  it("encore, addEvent and deleteSystemWide act on the registrant, in key or action", () => {
    expect(isRegistrantAction({ action: "encore" })).toBe(true);
    expect(isRegistrantAction({ key: " addEvent " })).toBe(true);
    expect(isRegistrantAction({ action: "deleteSystemWide", key: "" })).toBe(true);
  });

  it("the room's actions and other actions do not", () => {
    for (const action of ["livechat", "cta", "changesubject", "sendMail", "", "Encore"]) {
      expect(isRegistrantAction({ action })).toBe(false);
    }
    expect(isLiveAction({ action: "livechat" })).toBe(true);
  });
});
