import { liveSecondsOf, type TimelineMasterSetting } from "@cuepoint/sdk";
import {
  AUTORESPONDER_MESSAGES,
  autoresponderKey,
  autoresponderMailNode,
  autoresponderSketch,
  type AutoresponderMessage,
} from "./actions/autoresponder.js";
import type { PlanEvent, PlannedNode } from "./plan.js";

/**
 * The timeline's autoresponder mails (setting.autoresponder: confirmation, reminder, attendee,
 * non-attendee) placed against one event, as jobs beside the timeline's nodes (engine/README.md
 * "Autoresponders"), under the synthetic node key `autoresponder:<message>` (`autoresponderKey`).
 */

/** The setting has no reminder time: the reminder goes this long before the start. */
export const REMINDER_MINUTES_BEFORE = 60;
/**
 * The attendee and non-attendee mails go this long after the event's end (the room's end:
 * room/eventTiming.ts), so the last attendance batch is in.
 */
export const AFTER_EVENT_MINUTES = 15;

const MINUTE = 60_000;

/**
 * When a message goes for one event: the confirmation at the registration (`registeredAt`;
 * null when there is none, as in a reschedule: a confirmation never moves), the reminder
 * `REMINDER_MINUTES_BEFORE` before the start, attendee and non-attendee `AFTER_EVENT_MINUTES`
 * after the event's end: the start plus `liveSeconds`, the live part's length (the scheduler passes
 * the room's, `timelineLiveSeconds`, which reads the program; by default the SDK's `liveSecondsOf`
 * of the setting alone, as for an event without a video).
 *
 * @example
 * autoresponderInstant("reminder", setting.general, { startsAt, timeZone }, null); // startsAt − 60 min
 */
export function autoresponderInstant(
  message: AutoresponderMessage,
  general: TimelineMasterSetting["general"],
  event: PlanEvent,
  registeredAt: Date | null,
  liveSeconds = liveSecondsOf(general),
): Date | null {
  const start = event.startsAt.getTime();
  switch (message) {
    case "confirmation":
      return registeredAt;
    case "reminder":
      return new Date(start - REMINDER_MINUTES_BEFORE * MINUTE);
    case "attendee":
    case "nonattendee":
      return new Date(start + liveSeconds * 1000 + AFTER_EVENT_MINUTES * MINUTE);
  }
}

/**
 * The enabled autoresponder messages of a timeline placed against one event, shaped like the
 * timeline's planned nodes: `action` with its instant (the confirmation's is `registeredAt`,
 * null in a reschedule), or `draft` when the message is on but has no subject or body. Messages
 * that are off are not listed. The integration is found when the mail is sent (the worker).
 * `liveSeconds`: the live part's length (see {@link autoresponderInstant}).
 *
 * @example
 * planAutoresponders(timeline.setting, event, now);
 * // [{ key: "autoresponder:confirmation", kind: "action", plannedAt: now, node }, …]
 */
export function planAutoresponders(
  setting: TimelineMasterSetting,
  event: PlanEvent,
  registeredAt: Date | null,
  liveSeconds?: number,
): PlannedNode[] {
  const autoresponder = setting.autoresponder as TimelineMasterSetting["autoresponder"] | undefined;
  if (!autoresponder) return [];
  const planned: PlannedNode[] = [];
  for (const message of AUTORESPONDER_MESSAGES) {
    if (autoresponder[message] !== "true") continue;
    const key = autoresponderKey(message);
    const sketch = autoresponderSketch(autoresponder, message);
    const plannedAt = autoresponderInstant(message, setting.general, event, registeredAt, liveSeconds);
    if (sketch.ok) planned.push({ key, node: sketch.node, plannedAt, kind: "action" });
    else planned.push({ key, node: autoresponderMailNode(message), plannedAt, kind: "draft", reason: `Not ready: ${sketch.reason}.` });
  }
  return planned;
}
