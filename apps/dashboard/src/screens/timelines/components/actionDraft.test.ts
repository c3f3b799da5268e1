import { createMasterSetting, ruleContextOf, type Integration } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { actionSources, draftOf, emptyDraft, isClean, nodeOf, problemsOf, timingLabel } from "./actionDraft.js";
import { planMove } from "./MoveDialog.js";

const general = createMasterSetting({ general: { deliveryPlatform: "aevent", countdown: { enabled: true, duration: 15 } } }).general;
const webhook = { integrationid: "9", name: "Orders hook", type: "WEBHOOK", connected: 1 } as unknown as Integration;
const sources = actionSources(general, { "9": webhook });
const groups = general.userGroup;

describe("action sources", () => {
  it("offers the event's live room, then integrations that have actions", () => {
    expect(sources.map((s) => [s.value, s.label, s.kind])).toEqual([
      ["live", "Live event (Cuepoint Events)", "AEVENT"],
      ["9", "Orders hook (Webhook)", "WEBHOOK"],
    ]);
  });

  it("names the delivery platform's live event, which offers only what runs there", () => {
    const onZoom = createMasterSetting({ general: { deliveryPlatform: "zoom" } }).general;
    const [live] = actionSources(onZoom, { "9": webhook });
    expect([live?.label, live?.kind]).toEqual(["Live event (Zoom)", "ZOOM"]);
  });
});

describe("nodeOf and draftOf", () => {
  it("turns a draft into a node and back", () => {
    const draft = { ...emptyDraft("a1"), day: -2, hours: "3", minutes: "0", source: "9", action: "sendWebhook", model: { webhook: "https://example.com/h" } };
    const node = nodeOf(draft, sources, groups);
    expect(node).toMatchObject({ days: 2, hours: 3, minutes: 0, isAfter: -1, isExact: false, integrationID: "9", integrationType: "WEBHOOK", groupName: "Attendee", actionTitle: "Send webhook", model: { webhook: "https://example.com/h" } });
    expect(draftOf(node, sources)).toMatchObject({ day: -2, source: "9", action: "sendWebhook", groupID: "a1" });
  });

  it("keeps the clock time of exact nodes", () => {
    const node = nodeOf({ ...emptyDraft("3"), day: 1, isExact: true, hours: "9", minutes: "30", amPm: "PM", action: "livechat", model: { message: "Hi" } }, sources, groups);
    expect(timingLabel(node)).toBe("1 day after at 9:30 PM");
    expect(node.key).toBe("livechat");
  });
});

describe("problemsOf: the SDK rules refuse with a readable message", () => {
  const context = ruleContextOf(general);
  const judge = (patch: Partial<ReturnType<typeof emptyDraft>>) => {
    const draft = { ...emptyDraft("3"), ...patch };
    return problemsOf(draft, nodeOf(draft, sources, groups), context);
  };

  it("accepts a complete live chat message during the event", () => {
    expect(isClean(judge({ action: "livechat", model: { message: "Welcome" } }))).toBe(true);
  });

  it("refuses live actions before the start on Zoom, and room actions there at all", () => {
    const onZoom = createMasterSetting({ general: { deliveryPlatform: "zoom" } }).general;
    const zoomSources = actionSources(onZoom, {});
    const judgeOnZoom = (patch: Partial<ReturnType<typeof emptyDraft>>) => {
      const draft = { ...emptyDraft("3"), ...patch };
      return problemsOf(draft, nodeOf(draft, zoomSources, groups), ruleContextOf(onZoom));
    };
    expect(judgeOnZoom({ direction: -1, minutes: "5", action: "encore" }).rule).toMatch(/can't run before the event/);
    expect(judgeOnZoom({ action: "livechat", model: { message: "Hi" } }).rule).toMatch(/^Zoom does not carry out "Send live chat/);
  });

  it("refuses an action too close to the start", () => {
    expect(judge({ source: "9", action: "sendWebhook", direction: -1, minutes: "5", model: { webhook: "https://example.com/h" } }).rule).toMatch(/too close/);
  });

  it("refuses an action without a time, and missing fields per field", () => {
    expect(judge({ action: "livechat", minutes: "0", model: { message: "x" } }).rule).toBe("This action is incomplete: choose a time.");
    expect(judge({ action: "cta", model: { headline: "Offer" } }).fields).toEqual({ subheadline: "Enter the subheadline" });
    expect(judge({ hours: "x" }).fields.hours).toBe("Enter a whole number of hours.");
  });
});

describe("planMove", () => {
  it("moves between days, and refuses a move the rules forbid", () => {
    const node = nodeOf({ ...emptyDraft("3"), day: -1, hours: "2", source: "9", action: "sendWebhook", model: { webhook: "https://example.com/h" } }, sources, groups);
    const blocks = { "-1": [node], "0": [] };
    const moved = planMove(blocks, node, -3, general);
    expect("blocks" in moved && moved.blocks["-3"]?.[0]?.days).toBe(3);
    const live = nodeOf({ ...emptyDraft("3"), day: 1, hours: "1", action: "livechat", model: { message: "x" } }, sources, groups);
    const onZoom = createMasterSetting({ general: { deliveryPlatform: "zoom" } }).general;
    const encore = nodeOf({ ...emptyDraft("3"), day: 1, hours: "1", action: "encore" }, actionSources(onZoom, {}), groups);
    expect(planMove({ "1": [encore] }, encore, -1, onZoom)).toMatchObject({ message: expect.stringMatching(/before the event/) });
    expect(planMove({ "1": [live] }, live, -1, general)).toHaveProperty("blocks");
  });
});
