import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { ACTION_PRESENTATION, type TimelineBlocks } from "@cuepoint/sdk";
import { registrants, timelines } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";

/**
 * What makes a job or a delivery-log line readable to the host: the action's title from the
 * timeline (not `sendMail`), and the registrant's name and email.
 */

const AUTORESPONDER_PREFIX = "autoresponder:";

/** An action key's label ("Send email"), the key itself when the catalogue has none. */
export const actionLabel = (action: string): string =>
  (ACTION_PRESENTATION as Readonly<Record<string, { label: string } | undefined>>)[action]?.label ?? action;

/**
 * The title of an autoresponder job's synthetic node key.
 *
 * @example
 * autoresponderTitle("autoresponder:reminder"); // "Autoresponder: reminder"
 * autoresponderTitle("autoresponder:reminder:day-before"); // "Autoresponder: reminder (day-before)"
 */
export function autoresponderTitle(nodeKey: string): string {
  const [message, extra] = nodeKey.slice(AUTORESPONDER_PREFIX.length).split(":");
  return `Autoresponder: ${message}${extra ? ` (${extra})` : ""}`;
}

/** Each node key of a timeline's blocks (as the engine keys its jobs) with the node's title. */
export function nodeTitles(blocks: TimelineBlocks): Map<string, string> {
  const titles = new Map<string, string>();
  for (const [bucket, nodes] of Object.entries(blocks)) {
    nodes.forEach((node, index) => {
      const key = node.id || `${bucket}:${index}`;
      titles.set(key, node.actionTitle?.trim() || actionLabel(node.action ?? ""));
    });
  }
  return titles;
}

/** A job's title: the node's on the timeline, an autoresponder's, or the action's label for a node removed since. */
export function jobTitle(titles: ReadonlyMap<string, string> | undefined, nodeKey: string, action: string): string {
  if (nodeKey.startsWith(AUTORESPONDER_PREFIX)) return titles?.get(nodeKey) ?? autoresponderTitle(nodeKey);
  return titles?.get(nodeKey) ?? `${actionLabel(action)} (no longer on the timeline)`;
}

/** The titles of the caller's timelines among `timelineIds`, by timeline id. */
export async function titlesByTimeline(orm: Orm, accountId: string, timelineIds: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const ids = [...new Set(timelineIds)];
  if (ids.length === 0) return new Map();
  const rows = await orm
    .select({ id: timelines.id, blocks: timelines.blocks })
    .from(timelines)
    .where(and(eq(timelines.accountId, accountId), inArray(timelines.id, ids)));
  return new Map(rows.map((row) => [row.id, nodeTitles(row.blocks)]));
}

/** Rows of scheduled_actions or action_deliveries, with what makes them readable. */
export async function readable<T extends { timelineId: string; registrantId: string; nodeKey: string; action: string }>(
  orm: Orm,
  accountId: string,
  rows: readonly T[],
): Promise<(T & { actionTitle: string; registrantName: string; registrantEmail: string })[]> {
  const ids = [...new Set(rows.map((row) => row.registrantId))];
  const [titles, people] = await Promise.all([
    titlesByTimeline(orm, accountId, rows.map((row) => row.timelineId)),
    ids.length === 0
      ? []
      : orm
          .select({ uuid: registrants.uuid, name: registrants.name, email: registrants.email })
          .from(registrants)
          .where(and(eq(registrants.accountId, accountId), inArray(registrants.uuid, ids))),
  ]);
  const byId = new Map(people.map((person) => [person.uuid, person]));
  return rows.map((row) => ({
    ...row,
    actionTitle: jobTitle(titles.get(row.timelineId), row.nodeKey, row.action),
    registrantName: byId.get(row.registrantId)?.name ?? "",
    registrantEmail: byId.get(row.registrantId)?.email ?? "",
  }));
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search of the job lists: the registrant's name or email contains the text, or the action's
 * title does (titles live in the timelines' JSON, so the matching node keys are found here first).
 */
export async function searchCondition(
  orm: Orm,
  accountId: string,
  text: string,
  columns: { timelineId: AnyColumn; registrantId: AnyColumn; nodeKey: AnyColumn; action: AnyColumn },
  timelineIds: readonly string[],
): Promise<SQL> {
  const pattern = likePattern(text);
  const person = sql`exists (select 1 from ${registrants} where ${registrants.uuid} = ${columns.registrantId} and (${registrants.name} ilike ${pattern} or ${registrants.email} ilike ${pattern}))`;
  const needle = text.toLowerCase();
  const keys = new Set<string>();
  for (const titles of (await titlesByTimeline(orm, accountId, timelineIds)).values()) {
    for (const [key, title] of titles) if (title.toLowerCase().includes(needle)) keys.add(key);
  }
  const parts: SQL[] = [person];
  if (keys.size > 0) parts.push(inArray(columns.nodeKey, [...keys]));
  // Autoresponder jobs are titled from their key (autoresponderTitle, in SQL).
  const rest = sql`substr(${columns.nodeKey}, ${AUTORESPONDER_PREFIX.length + 1})`;
  const extra = sql`split_part(${rest}, ':', 2)`;
  parts.push(
    sql`(${columns.nodeKey} like 'autoresponder:%' and ('Autoresponder: ' || split_part(${rest}, ':', 1) || case when ${extra} <> '' then ' (' || ${extra} || ')' else '' end) ilike ${pattern})`,
  );
  return sql`(${sql.join(parts, sql` or `)})`;
}
