import type { Blocks, BlocksInput, DayGroup } from "@cuepoint/sdk";
import {
  createTimelineViewer,
  describeNode,
  type TimelineViewerCore,
  type ViewerNode,
} from "../core/timeline/createTimelineViewer.js";
import { ICON_GLYPHS } from "./icons.js";
import type { Runtime } from "./runtime.js";
import { adoptStyles, LIST_CSS } from "./styles.js";
import { useSignals } from "./useSignal.js";

export interface TimelineViewerProps<N extends ViewerNode = ViewerNode> {
  /** The timeline's buckets, "-45".."45" (as `client.timelines.getEvents` answers them). */
  blocks: BlocksInput<N>;
  /** Shows the move and delete buttons (the dashboard's editor). Read-only by default. */
  editable?: boolean;
  /** A node moved to `toDay`; `blocks` are the new buckets to save. */
  onMove?: (detail: { node: N; toDay: number; blocks: Blocks<N> }) => void;
  /** A node deleted; `blocks` are the new buckets to save. */
  onDelete?: (detail: { node: N; blocks: Blocks<N> }) => void;
  /** The heading; "Timeline" by default. */
  title?: string;
}

/**
 * Builds the timeline viewer component for a framework: actions grouped by day, before and after
 * the event, each with the icon of its action kind; with `editable`, buttons move an action a day
 * earlier or later and delete it, through the SDK's editing rules and the callbacks.
 */
/* @__NO_SIDE_EFFECTS__ */
export function timelineViewerComponent(rt: Runtime) {
  const { h } = rt;
  return function TimelineViewer(props: TimelineViewerProps): unknown {
    const latest = rt.useRef(props);
    latest.current = props;
    const [core] = rt.useState<TimelineViewerCore<ViewerNode>>(() =>
      createTimelineViewer({
        blocks: props.blocks,
        onMove: (detail) => latest.current.onMove?.(detail),
        onDelete: (detail) => latest.current.onDelete?.(detail),
      }),
    );
    const root = rt.useRef<HTMLElement | null>(null);
    rt.useEffect(() => {
      adoptStyles(root.current);
      adoptStyles(root.current, LIST_CSS);
    }, []);
    rt.useEffect(() => {
      if (props.blocks !== core.blocks.peek()) core.setBlocks(props.blocks);
    }, [props.blocks]);
    useSignals(rt, [core.sections, core.error]);

    const { before, eventDay, after } = core.sections.value;
    const day = (group: DayGroup<ViewerNode>) =>
      h(
        "section",
        { key: group.key, className: "cp-day", "aria-label": group.label },
        h("h3", null, group.label),
        h(
          "ul",
          null,
          ...group.nodes.map((node, index) => {
            const { icon, label, when } = describeNode(node);
            const id = node.id ?? node.nodeID;
            const edit =
              props.editable && id !== undefined && id !== null
                ? [
                    h("button", { type: "button", className: "cp-plain", "aria-label": `Move "${label}" a day earlier`, onClick: () => core.move(id, group.day - 1) }, ICON_GLYPHS["angle-left-b"]),
                    h("button", { type: "button", className: "cp-plain", "aria-label": `Move "${label}" a day later`, onClick: () => core.move(id, group.day + 1) }, ICON_GLYPHS["angle-right-b"]),
                    h("button", { type: "button", className: "cp-plain", "aria-label": `Delete "${label}"`, onClick: () => core.remove(id) }, "Delete"),
                  ]
                : [];
            return h(
              "li",
              { key: String(id ?? index), className: "cp-node", "data-action": node.action ?? "" },
              h("span", { className: `cp-icon cp-icon--${icon}`, "data-icon": icon, "aria-hidden": "true" }, ICON_GLYPHS[icon]),
              h("span", null, h("strong", null, label), h("span", { className: "cp-muted" }, ` — ${when}`)),
              ...edit,
            );
          }),
        ),
      );
    const part = (title: string, groups: DayGroup<ViewerNode>[]) =>
      groups.length > 0 && h("div", { className: "cp-part" }, h("h3", { className: "cp-muted" }, title), ...groups.map(day));
    const empty = before.length === 0 && !eventDay && after.length === 0;
    return h(
      "div",
      { ref: root, className: "cp cp-timeline" },
      h("h2", null, props.title ?? "Timeline"),
      core.error.value && h("p", { className: "cp-alert", role: "alert" }, core.error.value),
      empty && h("p", { className: "cp-muted" }, "No actions yet."),
      part("Before the event", before),
      eventDay && day(eventDay),
      part("After the event", after),
    );
  };
}

