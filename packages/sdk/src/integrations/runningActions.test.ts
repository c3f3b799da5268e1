import { describe, expect, it } from "vitest";
import { checkActionRuns } from "../rules/actionFields/checkActionRuns.js";
import { validateTimelineAction } from "../timeline/validateTimeline.js";
import { RUNNING_ACTIONS } from "./catalogue/running.js";
import { integrationCatalogue } from "./integrationCatalogue.js";
import type { IntegrationKind } from "./kinds.js";
import { actionRuns, runningActionsOf } from "./runningActions.js";

describe("running actions", () => {
  it("lists only actions of the kind's own catalogue entry", () => {
    const strays = Object.entries(RUNNING_ACTIONS).flatMap(([kind, actions = []]) =>
      actions.filter((action) => !integrationCatalogue[kind as IntegrationKind].actions.some((a) => a.key === action)).map((a) => `${kind}:${a}`),
    );
    expect(strays).toEqual([]);
  });

  it("runs what the engine or the room carries out, nothing else", () => {
    expect(actionRuns("TWILIO", "sendsms")).toBe(true);
    expect(actionRuns("twilio", "sendmms")).toBe(true);
    expect(actionRuns("TWILIO", "addTag")).toBe(false);
    expect(actionRuns("AEVENT", "livechat")).toBe(true);
    expect(actionRuns("SMTP", "livechat")).toBe(false);
    // The room's actions reach only attendees in Cuepoint's room, not Zoom's or GoTo's.
    expect(actionRuns("ZOOM", "cta")).toBe(false);
    expect(actionRuns("GOTOWEBINAR", "livechat")).toBe(false);
    expect(actionRuns("ZOOMAUTOCHAT", "livechat")).toBe(false);
    // YouTube Live's viewers watch the embedded broadcast in Cuepoint's room: the room plays its actions.
    expect(actionRuns("YOUTUBE", "cta")).toBe(true);
    expect(actionRuns("YOUTUBE", "livechat")).toBe(true);
    expect(actionRuns("ZOOM", "encore")).toBe(true);
    expect(actionRuns("NOPE", "sendMail")).toBe(false);
    expect(runningActionsOf("TWILIO").map((a) => a.key)).toEqual(["sendsms", "sendmms"]);
    expect(runningActionsOf("NIFTYIMAGE")).toEqual([]);
  });
});

describe("checkActionRuns", () => {
  it("refuses an action that does not run, on `action`, naming what the kind supports", () => {
    expect(checkActionRuns("TWILIO", "sendsms")).toEqual({ ok: true });
    expect(checkActionRuns("TWILIO", "addTag")).toEqual({
      ok: false,
      field: "action",
      reason: "unsupported",
      message: 'Twilio does not carry out "addTag". It supports: Send SMS, Send MMS.',
    });
    expect(checkActionRuns("NIFTYIMAGE", "addTag")).toMatchObject({ ok: false, message: 'NiftyImages does not carry out "addTag". It carries out no timeline actions yet.' });
  });

  it("leaves blank actions and unknown kinds to the other rules", () => {
    expect(checkActionRuns("TWILIO", " ")).toEqual({ ok: true });
    expect(checkActionRuns("", "addTag")).toEqual({ ok: true });
    expect(checkActionRuns("FAXMACHINE", "sendsms")).toEqual({ ok: true });
  });

  it("is the first timeline rule, so a draft with such an action is refused too", () => {
    const node = { integrationType: "TWILIO", action: "addTag", days: 1, isAfter: 1 };
    expect(validateTimelineAction(node, { liveMinutes: 60, deliveryPlatform: "aevent" })).toMatchObject({
      ok: false,
      code: "action-not-running",
    });
    expect(validateTimelineAction({ ...node, action: "sendsms" }, { liveMinutes: 60, deliveryPlatform: "aevent" })).not.toMatchObject({
      code: "action-not-running",
    });
  });
});
