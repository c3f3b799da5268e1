/**
 * Structural input types of the timeline module. They are deliberately wider than the schemas'
 * `TimelineNode` (wire data often carries numbers as strings, `""` for unset fields and `null`s),
 * so any parsed or raw node satisfies them without importing the schemas here.
 */

/** A count as it arrives on the wire: a number, a numeric string, or unset (`""`, null). */
export type WireNumber = number | string | null | undefined;

/** The "when" of a timeline node (spec §3, DOMAIN.md "Timeline actions"). */
export type NodeTiming = {
  /** Calendar days before or after the event day (never negative: the sign is `isAfter`). */
  days?: WireNumber;
  /** Relative nodes: elapsed hours. Exact nodes: clock hour, 1–12 with `amPm`, else 0–23. */
  hours?: WireNumber;
  minutes?: WireNumber;
  /** `"AM"` or `"PM"` (any case) for exact nodes; blank means a 24-hour `hours`. */
  amPm?: string | null;
  /** 1 after the event, -1 before (numeric strings accepted). */
  isAfter?: number | string | null;
  /** True for a fixed clock time on the day; `1`, `"1"` and `"true"` also count as true. */
  isExact?: boolean | number | string | null;
};

/** The model of a node; only the fields the timeline rules read. */
export type NodeModelLike = {
  fromEventID?: string | number | null;
  fromEventName?: string | null;
  eventName?: string | null;
  /** Multi-event nodes are tied to the day key of their multi-event setting. */
  dayKey?: string | number | null;
};

/** A timeline node (action) as far as this module cares. */
export type TimelineNodeLike = NodeTiming & {
  id?: string | number | null;
  key?: string | null;
  action?: string | null;
  /** The kind the action runs through (ZOOM, SMTP…): decides whether the action runs. */
  integrationType?: string | null;
  groupID?: string | number | null;
  nodeID?: string | number | null;
  model?: NodeModelLike | null;
};

/** The wire's `blocks`: bucket key ("-45".."45") to the nodes of that day. */
export type Blocks<N = TimelineNodeLike> = Record<string, N[]>;

/** Blocks as accepted on input: read-only, and a bucket may be missing. */
export type BlocksInput<N = TimelineNodeLike> = Readonly<Record<string, readonly N[] | undefined>>;

/** Why a timeline rule refused a node. */
export type TimelineRuleCode =
  | "invalid-timing"
  | "incomplete"
  | "overlaps-live-window"
  | "multiple-source-events"
  | "before-not-allowed"
  | "after-outside-live-window"
  | "too-close"
  | "invalid-bucket"
  | "wrong-bucket"
  | "node-not-found"
  | "multi-event-day-locked"
  | "action-not-running";

export type RuleFailure = { ok: false; code: TimelineRuleCode; message: string };
/** What every rule returns: `ok`, or a code and a message a host can show and act on. */
export type RuleResult = { ok: true } | RuleFailure;
