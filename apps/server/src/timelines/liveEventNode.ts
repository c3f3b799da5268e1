import type { TimelineNode } from "@cuepoint/sdk";

/** What a live-event node says: its action, when into the event, its content, and whom it is for. */
export interface LiveEventNodeInput {
  id: string;
  action: "livechat" | "cta" | "changesubject";
  /** The node's title in the timeline (`actionTitle`). */
  title: string;
  /** Seconds after the start. */
  seconds: number;
  /** The action's fields (message and sender, headline and button, subject). */
  model: Record<string, unknown>;
  /** The audience group; everyone (Registrants, "3") by default. */
  group?: { id: string; name: string };
  /** The delivery platform's integration type; the own room ("AEVENT") by default. */
  integrationType?: string;
  /** The action a node was made from (the auto-chat import's), when there is one. */
  nodeID?: string;
}

/**
 * One live-event node on the event day (bucket 0), `seconds` after the start: the node carries
 * whole minutes (rounded down), the exact second is `model.afterSeconds`, which the live script
 * reads. The auto-chat import, the demo room and the room's tests build their nodes with it.
 *
 * @example
 * liveEventNode({ id: "chat-1", action: "livechat", title: "Welcome", seconds: 95, model: { from: "Host", message: "Hi!" } });
 * // { …, days: 0, hours: 0, minutes: 1, isAfter: 1, groupID: "3", model: { from: "Host", message: "Hi!", afterSeconds: 95 } }
 */
export function liveEventNode(input: LiveEventNodeInput): TimelineNode {
  const minutesIn = Math.floor(input.seconds / 60);
  const group = input.group ?? { id: "3", name: "Registrants" };
  return {
    id: input.id,
    key: input.action,
    action: input.action,
    actionTitle: input.title,
    days: 0,
    hours: Math.floor(minutesIn / 60),
    minutes: minutesIn % 60,
    isAfter: 1,
    isExact: false,
    integrationID: "",
    integrationType: input.integrationType ?? "AEVENT",
    groupID: group.id,
    groupName: group.name,
    ...(input.nodeID !== undefined ? { nodeID: input.nodeID } : {}),
    model: { ...input.model, afterSeconds: input.seconds },
  };
}
