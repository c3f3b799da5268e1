import type { AutoresponderSetting, ExtraReminder } from "@cuepoint/sdk";

/** The four messages of spec §3 "Autoresponder", in the order a registrant gets them. */
export const MESSAGES = [
  { id: "confirmation", title: "Confirmation", when: "Sent as soon as someone registers." },
  { id: "reminder", title: "Reminder", when: "Sent before the start; add more reminders below." },
  { id: "attendee", title: "Attendee follow-up", when: "Sent 15 minutes after the event ends, to those who attended." },
  { id: "nonattendee", title: "Non-attendee follow-up", when: "Sent 15 minutes after the event ends, to those who did not attend." },
] as const;
export type MessageId = (typeof MESSAGES)[number]["id"];

/** One mail as the editor edits it: a message of the spec or an extra reminder. */
export interface MailFields {
  enabled: boolean;
  subject: string;
  body: string;
  integrationID: string;
}

/** A message's fields read from the setting's spec wire names (`<message>`, `<message>Title`…). */
export const messageFields = (setting: AutoresponderSetting, id: MessageId): MailFields => ({
  enabled: setting[id] === "true",
  subject: setting[`${id}Title`],
  body: setting[`${id}Body`],
  integrationID: setting[`${id}IntegrationID`],
});

/** The setting with a message's fields changed, written back under the spec's wire names. */
export function withMessage(setting: AutoresponderSetting, id: MessageId, patch: Partial<MailFields>): AutoresponderSetting {
  const next = { ...setting };
  if (patch.enabled !== undefined) next[id] = patch.enabled ? "true" : "false";
  if (patch.subject !== undefined) next[`${id}Title`] = patch.subject;
  if (patch.body !== undefined) next[`${id}Body`] = patch.body;
  if (patch.integrationID !== undefined) next[`${id}IntegrationID`] = patch.integrationID;
  return next;
}

/** An extra reminder's fields. */
export const reminderFields = (reminder: ExtraReminder): MailFields => ({
  enabled: reminder.enabled === "true",
  subject: reminder.title,
  body: reminder.body,
  integrationID: reminder.integrationID,
});

/** An extra reminder with its fields changed. */
export const withReminder = (reminder: ExtraReminder, patch: Partial<MailFields>): ExtraReminder => ({
  ...reminder,
  ...(patch.enabled !== undefined && { enabled: patch.enabled ? "true" : "false" }),
  ...(patch.subject !== undefined && { title: patch.subject }),
  ...(patch.body !== undefined && { body: patch.body }),
  ...(patch.integrationID !== undefined && { integrationID: patch.integrationID }),
});

/** A new extra reminder: a day before, with the spec reminder's texts as a start. */
export function newReminder(setting: AutoresponderSetting, taken: readonly string[]): ExtraReminder {
  let n = taken.length + 1;
  while (taken.includes(`r${n}`)) n += 1;
  return { id: `r${n}`, enabled: "true", minutes: 1440, title: setting.reminderTitle, body: setting.reminderBody, integrationID: setting.reminderIntegrationID };
}

/**
 * "1 day 2 hours before the start" for a number of minutes.
 *
 * @example
 * beforeLabel(1500); // "1 day 1 hour before the start"
 */
export function beforeLabel(minutes: number): string {
  if (minutes === 0) return "at the start";
  const parts: string[] = [];
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) parts.push(`${days} day${days === 1 ? "" : "s"}`);
  if (hours) parts.push(`${hours} hour${hours === 1 ? "" : "s"}`);
  if (rest) parts.push(`${rest} minute${rest === 1 ? "" : "s"}`);
  return `${parts.join(" ")} before the start`;
}
