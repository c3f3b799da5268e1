import { fireEvent, waitFor, within } from "@testing-library/dom";
import { afterEach, describe, expect, it } from "vitest";
import { ACTION_ICONS, createEmptyBlocks, type Blocks } from "@cuepoint/sdk";
import type { ViewerNode } from "../core/timeline/createTimelineViewer.js";
import { BINDINGS } from "../test-support/bindings.js";
import { ICON_GLYPHS } from "./icons.js";

const node = (id: string, fields: Partial<ViewerNode>): ViewerNode => ({ id, hours: 0, minutes: 0, isAfter: -1, ...fields });
const blocks = (): Blocks<ViewerNode> => ({
  ...createEmptyBlocks<ViewerNode>(),
  "-1": [node("remind", { action: "sendMail", days: 1, hours: 9, amPm: "AM", isExact: true, actionTitle: "Reminder" })],
  "0": [
    node("sms", { action: "sendsms", days: 0, minutes: 15 }),
    node("tag", { action: "addTag", days: 0, hours: 2 }),
  ],
  "2": [node("replay", { action: "sendMail", days: 2, isAfter: 1, hours: 1, actionTitle: "Replay" })],
  "3": [node("locked", { action: "addTag", days: 3, isAfter: 1, model: { dayKey: "d3" } })],
});

describe.each(BINDINGS)("TimelineViewer ($name)", ({ entry, mount, unmountAll }) => {
  afterEach(unmountAll);

  it("groups actions by day, before and after the event, each with its kind's icon, read-only", () => {
    const view = within(mount(entry.TimelineViewer, { blocks: blocks() }));
    const days = view.getAllByRole("region").map((region) => region.getAttribute("aria-label"));
    expect(days).toEqual(["1 day before", "Event day", "2 days after", "3 days after"]);
    const eventDay = within(view.getByRole("region", { name: "Event day" }));
    // Sorted by time: 2 h before, then 15 min before.
    expect(eventDay.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      `${ICON_GLYPHS["tag-alt"]}Add tag — 2 h before`,
      `${ICON_GLYPHS["comment-dots"]}Send SMS — 15 min before`,
    ]);
    expect(view.getByText("Reminder").closest("li")?.querySelector("[data-icon]")?.getAttribute("data-icon")).toBe("envelope");
    expect(view.getByText(/1 day before, at 9:00 AM/)).toBeTruthy();
    expect(view.getByText("Before the event")).toBeTruthy();
    expect(view.queryByRole("button")).toBeNull();
  });

  it("moves and deletes through callbacks in editable mode, with the SDK's rules", async () => {
    const moves: { node: ViewerNode; toDay: number; blocks: Blocks<ViewerNode> }[] = [];
    const deletes: string[] = [];
    const view = within(
      mount(entry.TimelineViewer, {
        blocks: blocks(),
        editable: true,
        onMove: (detail: (typeof moves)[number]) => moves.push(detail),
        onDelete: (detail: { node: ViewerNode }) => deletes.push(String(detail.node.id)),
      }),
    );
    fireEvent.click(view.getByRole("button", { name: 'Move "Replay" a day later' }));
    expect(moves[0]?.toDay).toBe(3);
    expect(moves[0]?.blocks["3"]?.map((n) => n.id)).toEqual(["locked", "replay"]);
    await waitFor(() => expect(view.getByRole("region", { name: "3 days after" }).textContent).toContain("Replay"));
    fireEvent.click(view.getByRole("button", { name: 'Delete "Reminder"' }));
    expect(deletes).toEqual(["remind"]);
    await waitFor(() => expect(view.queryByText("Reminder")).toBeNull());
    // A multi-event action is tied to its day: the refusal is shown, nothing is called.
    fireEvent.click(view.getAllByRole("button", { name: 'Move "Add tag" a day earlier' }).at(-1) as HTMLElement);
    expect((await view.findByRole("alert")).textContent).toMatch(/multi-event day "d3"/);
    expect(moves).toHaveLength(1);
  });
});

describe("ICON_GLYPHS", () => {
  it("has a glyph for every icon of spec §3", () => {
    expect(ACTION_ICONS.filter((icon) => !ICON_GLYPHS[icon])).toEqual([]);
  });
});
