import { liveSecondsOf, type TimelineMasterSetting } from "@cuepoint/sdk";
import {
  autoresponderKey,
  autoresponderMailNode,
  autoresponderMails,
  autoresponderSketch,
  mailSetting,
  messageOfMail,
  type AutoresponderMail,
} from "./actions/autoresponder.js";
import type { PlanEvent, PlannedNode } from "./plan.js";

/**
 * The timeline's autoresponder mails (setting.autoresponder: confirmation, reminder, attendee,
 * non-attendee) placed against one event, as jobs beside the timeline's nodes (engine/README.md
 * "Autoresponders"), under the synthetic node key `autoresponder:<message>` (`autoresponderKey`).
 */

/**
 * The attendee and non-attendee mails go this long after the event's end (the room's end:
 * events/eventTiming.ts), so the last attendance batch is in.
 */
export const AFTER_EVENT_MINUTES = 15;

const MINUTE = 60_000;

/**
 * When a mail goes for one event: the confirmation at the registration (`registeredAt`;
 * null when there is none, as in a reschedule: a confirmation never moves), a reminder its own
 * minutes before the start (`reminderMinutes`, default 60; an extra reminder's `minutes`), attendee and non-attendee `AFTER_EVENT_MINUTES`
 * after the event's end: the start plus `liveSeconds`, the live part's length (the scheduler passes
 * the room's, `timelineLiveSeconds`, which reads the program; by default the SDK's `liveSecondsOf`
 * of the setting alone, as for an event without a video).
 *
 * @example
 * autoresponderInstant("reminder", setting, { startsAt, timeZone }, null); // startsAt − 60 min
 */
export function autoresponderInstant(
  mail: AutoresponderMail,
  setting: Pick<TimelineMasterSetting, "general" | "autoresponder">,
  event: PlanEvent,
  registeredAt: Date | null,
  liveSeconds = liveSecondsOf(setting.general),
): Date | null {
  const start = event.startsAt.getTime();
  switch (messageOfMail(mail)) {
    case "confirmation":
      return registeredAt;
    case "reminder":
      return new Date(start - (mailSetting(setting.autoresponder, mail)?.minutesBefore ?? 0) * MINUTE);
    case "attendee":
    case "nonattendee":
      return new Date(start + liveSeconds * 1000 + AFTER_EVENT_MINUTES * MINUTE);
  }
}

/**
 * The enabled autoresponder mails of a timeline (the four messages, then the extra reminders,
 * each at its own time) placed against one event, shaped like the
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
  for (const mail of autoresponderMails(autoresponder)) {
    if (!mailSetting(autoresponder, mail)?.enabled) continue;
    const key = autoresponderKey(mail);
    const sketch = autoresponderSketch(autoresponder, mail);
    const plannedAt = autoresponderInstant(mail, setting, event, registeredAt, liveSeconds);
    if (sketch.ok) planned.push({ key, node: sketch.node, plannedAt, kind: "action" });
    else planned.push({ key, node: autoresponderMailNode(mail), plannedAt, kind: "draft", reason: `Not ready: ${sketch.reason}.` });
  }
  return planned;
}
