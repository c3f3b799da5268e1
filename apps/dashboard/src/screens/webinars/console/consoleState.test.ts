import { describe, expect, it } from "vitest";
import {
  applyChannelEvent,
  controlButton,
  isOver,
  mergeSnapshot,
  secondsPresent,
  stateFromSnapshot,
  unansweredCount,
  type ConsoleChannelEvent,
} from "./consoleState.js";
import { action, attendee, event, message, snapshot, T0 } from "./test-support/consoleFixtures.js";

const NOW = T0 + 600_000;

describe("the console's state", () => {
  it("applies every event once: the events replayed after a reconnect change nothing", () => {
    const first = message();
    const second = message({ name: "Bob Viewer", registrantId: "r-bob" });
    const events: ConsoleChannelEvent[] = [
      { type: "message", data: first },
      { type: "message", data: second },
      { type: "action", data: action({ id: "a-1" }) },
    ];
    let state = stateFromSnapshot(snapshot(), NOW);
    for (const e of [...events, ...events]) state = applyChannelEvent(state, e, NOW);
    expect(state.messages.map((m) => m.id)).toEqual([first.id, second.id]);
    expect(state.actions.map((a) => a.id)).toEqual(["a-1"]);
    expect(unansweredCount(state)).toBe(2);
  });

  it("replaces a changed message (answered, deleted) in place, and keeps messages in stream order", () => {
    const a = message();
    const b = message();
    let state = stateFromSnapshot(snapshot({ messages: [b] }), NOW);
    state = applyChannelEvent(state, { type: "message", data: a }, NOW);
    expect(state.messages.map((m) => m.id)).toEqual([a.id, b.id]);
    state = applyChannelEvent(state, { type: "message", data: { ...a, answeredAt: NOW } }, NOW);
    state = applyChannelEvent(state, { type: "message", data: { ...b, deletedAt: NOW } }, NOW);
    expect(state.messages.map((m) => m.id)).toEqual([a.id, b.id]);
    expect(unansweredCount(state)).toBe(0);
  });

  it("merges a snapshot fetched again: keeps a newer message the channel brought, takes the server's versions", () => {
    const a = message();
    const b = message();
    let state = stateFromSnapshot(snapshot({ messages: [a] }), NOW);
    state = applyChannelEvent(state, { type: "message", data: b }, NOW);
    const merged = mergeSnapshot(state, snapshot({ messages: [{ ...a, answeredAt: NOW }] }), NOW);
    expect(merged.messages.map((m) => [m.id, m.answeredAt])).toEqual([
      [a.id, NOW],
      [b.id, null],
    ]);
  });

  it("follows presence, mutes and the host's start and end", () => {
    let state = stateFromSnapshot(snapshot({ event: event({ control: "manual", phase: "waiting" }), present: [] }), NOW);
    expect(controlButton(state)).toBe("start");
    state = applyChannelEvent(state, { type: "presence", data: { present: [attendee("r-1", "Cy Reed")], simulated: 40 } }, NOW);
    expect([state.present.length, state.simulated]).toEqual([1, 40]);
    state = applyChannelEvent(state, { type: "mute", data: { registrantId: "r-1", muted: true } }, NOW);
    state = applyChannelEvent(state, { type: "mute", data: { registrantId: "r-1", muted: true } }, NOW);
    expect(state.muted).toEqual(["r-1"]);
    state = applyChannelEvent(state, { type: "mute", data: { registrantId: "r-1", muted: false } }, NOW);
    expect(state.muted).toEqual([]);
    state = applyChannelEvent(state, { type: "control", data: { startedAt: NOW, endedAt: null } }, NOW);
    expect(controlButton(state)).toBe("end");
    expect(isOver(state)).toBe(false);
    state = applyChannelEvent(state, { type: "control", data: { startedAt: NOW, endedAt: NOW + 1 } }, NOW);
    expect(controlButton(state)).toBe(null);
    expect(isOver(state)).toBe(true);
  });

  it("offers Start to semi-automatic events only until started, and nothing to automatic ones", () => {
    const semi = stateFromSnapshot(snapshot({ event: event({ control: "semi-automatic", phase: "waiting" }) }), NOW);
    expect(controlButton(semi)).toBe("start");
    expect(controlButton({ event: { ...semi.event, startedAt: NOW } })).toBe(null);
    expect(controlButton(stateFromSnapshot(snapshot(), NOW))).toBe(null);
    expect(isOver(stateFromSnapshot(snapshot({ event: event({ phase: "replay" }) }), NOW))).toBe(true);
  });

  it("counts time in the room on the server's clock", () => {
    // This browser's clock runs 5 minutes behind the server's.
    const local = NOW - 300_000;
    const state = stateFromSnapshot(snapshot(), local);
    const ann = attendee("r-ann", "Ann Attendee", 120, NOW);
    expect(secondsPresent(state, ann, local)).toBe(120);
    expect(secondsPresent(state, ann, local + 60_000)).toBe(180);
  });
});
