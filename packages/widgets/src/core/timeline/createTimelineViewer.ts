import { computed, signal, type ReadonlySignal } from "../signals.js";
import {
  ACTION_PRESENTATION,
  canMoveNode,
  compareNodes,
  deleteNode,
  findNode,
  groupByDay,
  moveNode,
  nodeOffset,
  type ActionIcon,
  type Blocks,
  type BlocksInput,
  type DayGroup,
  type TimelineNodeLike,
} from "@cuepoint/sdk";

/** A node as the viewer reads it: the SDK's timeline node, plus the title the editor gives it. */
export type ViewerNode = TimelineNodeLike & { actionTitle?: string | null };

/** The timeline split around the event: days before, the event day, days after. */
export interface TimelineSections<N> {
  before: DayGroup<N>[];
  eventDay: DayGroup<N> | undefined;
  after: DayGroup<N>[];
}

export interface TimelineViewerOptions<N extends ViewerNode> {
  blocks: BlocksInput<N>;
  /** Called with the new blocks after a move; the viewer shows them at once. */
  onMove?: (detail: { node: N; toDay: number; blocks: Blocks<N> }) => void;
  /** Called with the new blocks after a delete. */
  onDelete?: (detail: { node: N; blocks: Blocks<N> }) => void;
}

export interface TimelineViewerCore<N extends ViewerNode> {
  readonly blocks: ReadonlySignal<BlocksInput<N>>;
  readonly sections: ReadonlySignal<TimelineSections<N>>;
  /** Why the last edit was refused ("" when it was not). */
  readonly error: ReadonlySignal<string>;
  setBlocks(blocks: BlocksInput<N>): void;
  /** Moves a node to another day (−45..45) with the SDK's `moveNode` rules. */
  move(nodeId: string | number, toDay: number): boolean;
  remove(nodeId: string | number): boolean;
}

const sortByTime = <N extends ViewerNode>(nodes: N[]) => {
  try {
    return [...nodes].sort(compareNodes);
  } catch {
    return nodes; // a node with unreadable timing: keep the stored order
  }
};

/**
 * The behaviour of the timeline viewer, framework-free: the buckets (−45..+45) as day groups
 * sorted by time (the SDK's `groupByDay` and `compareNodes`), split before / event day / after,
 * and the editing the dashboard uses (move, delete) through the SDK's rules and callbacks.
 *
 * @example
 * const viewer = createTimelineViewer({ blocks, onMove: ({ blocks }) => save(blocks) });
 * viewer.sections.value.before[0]?.label; // "3 days before"
 * viewer.move("n1", -2);
 */
/* @__NO_SIDE_EFFECTS__ */
export function createTimelineViewer<N extends ViewerNode>(options: TimelineViewerOptions<N>): TimelineViewerCore<N> {
  const blocks = signal<BlocksInput<N>>(options.blocks);
  const error = signal("");
  const sections = computed<TimelineSections<N>>(() => {
    const groups = groupByDay(blocks.value).map((group) => ({ ...group, nodes: sortByTime(group.nodes) }));
    return {
      before: groups.filter((group) => group.day < 0),
      eventDay: groups.find((group) => group.day === 0),
      after: groups.filter((group) => group.day > 0),
    };
  });
  return {
    blocks,
    sections,
    error,
    setBlocks(next) {
      blocks.value = next;
      error.value = "";
    },
    move(nodeId, toDay) {
      const found = findNode(blocks.peek(), nodeId);
      const check = canMoveNode(blocks.peek(), nodeId, toDay);
      if (!found || !check.ok) {
        error.value = check.ok ? "" : check.message;
        return false;
      }
      const next = moveNode(blocks.peek(), nodeId, toDay);
      blocks.value = next;
      error.value = "";
      options.onMove?.({ node: found.node, toDay, blocks: next });
      return true;
    },
    remove(nodeId) {
      const found = findNode(blocks.peek(), nodeId);
      if (!found) return false;
      const next = deleteNode(blocks.peek(), nodeId);
      blocks.value = next;
      error.value = "";
      options.onDelete?.({ node: found.node, blocks: next });
      return true;
    },
  };
}

const pad = (minute: number) => String(minute).padStart(2, "0");

/**
 * How a node reads in the viewer: the spec's icon for its action kind, its title (or the action's
 * usual label), and when it fires relative to the event.
 *
 * @example
 * describeNode({ action: "sendMail", days: 1, hours: 2, minutes: 0, isAfter: -1 });
 * // { icon: "envelope", label: "Send email", when: "1 day and 2 h before" }
 */
export function describeNode(node: ViewerNode): { icon: ActionIcon; label: string; when: string } {
  const presentation = ACTION_PRESENTATION[node.action as keyof typeof ACTION_PRESENTATION];
  const icon = presentation?.icon ?? "schedule";
  const label = node.actionTitle || presentation?.label || node.action || "Action";
  let when: string;
  try {
    const offset = nodeOffset(node);
    const days = Math.abs(offset.days);
    const dayText = days === 0 ? "" : `${days} ${days === 1 ? "day" : "days"}`;
    if (offset.kind === "exact") {
      const { hour, minute } = offset.wallTime;
      const clock = `${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? "AM" : "PM"}`;
      when = dayText ? `${dayText} ${offset.days < 0 ? "before" : "after"}, at ${clock}` : `at ${clock}`;
    } else {
      const minutes = Math.abs(offset.minutes);
      const parts = [dayText, minutes >= 60 ? `${Math.floor(minutes / 60)} h` : "", minutes % 60 ? `${minutes % 60} min` : ""].filter(Boolean);
      const sign = offset.days || offset.minutes;
      when = parts.length === 0 ? "at the start" : `${parts.join(" and ")} ${sign < 0 ? "before" : "after"}`;
    }
  } catch {
    when = "time not set";
  }
  return { icon, label, when };
}
