import type { TimelineMasterSetting, TimelineNode } from "@cuepoint/sdk";
import { badRequest } from "../http/errors.js";
import type { ChatRow } from "./autoChatCsv.js";
import { liveEventNode } from "./liveEventNode.js";

/** What an upload says about the nodes to build: the auto-chat action, its event and audiences. */
export interface AutoChatTarget {
  /** The auto-chat action's id: every node of the file carries it as `nodeID`. */
  id: string;
  eventID: string;
  groups: readonly string[];
}

const SECONDS_PER_DAY = 86_400;

/**
 * One `livechat` node per message and audience group ({@link liveEventNode}: on the event day,
 * `seconds` after the start, the exact second in `model.afterSeconds`). The sender is
 * `model.from`, as the SDK's livechat action names it.
 */
export function autoChatNodes(rows: readonly ChatRow[], target: AutoChatTarget, setting: TimelineMasterSetting) {
  const { general } = setting;
  const groupNames = new Map(general.userGroup.map((segment) => [segment.id, segment.name]));
  target.groups.forEach((group, index) => {
    if (!groupNames.has(group)) {
      throw badRequest(`"${group}" is not an audience group of this timeline.`, `groups.${index}`);
    }
  });
  if (target.groups.length === 0) throw badRequest("Choose at least one audience group for the messages.", "groups");
  const integrationType = general.deliveryPlatform === "default" ? "AEVENT" : general.deliveryPlatform.toUpperCase();

  const nodes: { line: number; node: TimelineNode }[] = [];
  for (const row of rows) {
    if (row.seconds >= SECONDS_PER_DAY) {
      throw badRequest(`Line ${row.line}: "after" is more than a day into the event.`, "csv");
    }
    for (const group of target.groups) {
      nodes.push({
        line: row.line,
        node: liveEventNode({
          id: `${target.id}:${row.line}:${group}`,
          action: "livechat",
          title: "Auto-chat message",
          seconds: row.seconds,
          group: { id: group, name: groupNames.get(group) ?? "" },
          integrationType,
          nodeID: target.id,
          model: { fromEventID: target.eventID, from: row.name, message: row.message },
        }),
      });
    }
  }
  return nodes;
}
