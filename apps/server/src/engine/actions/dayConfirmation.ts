import { daySettingOf, type AutoresponderSetting, type GeneralSetting } from "@cuepoint/sdk";

/**
 * The autoresponder as it confirms a registration for one multi-event day (spec §3 "Multi-event
 * setting": registration subject and body): the day's `registrationSubject` and
 * `registrationBody`, each where the day has one, replace the confirmation's. Other mails, events
 * without a day and days without texts keep the timeline's.
 *
 * @example
 * forDay(setting.autoresponder, setting.general, "confirmation", "day-2").confirmationTitle; // Day 2's subject
 */
export function forDay(
  autoresponder: AutoresponderSetting,
  general: Pick<GeneralSetting, "multiEvents">,
  message: string,
  dayKey: string,
): AutoresponderSetting {
  if (message !== "confirmation") return autoresponder;
  const day = daySettingOf(general, dayKey);
  if (!day) return autoresponder;
  return {
    ...autoresponder,
    confirmationTitle: day.registrationSubject.trim() || autoresponder.confirmationTitle,
    confirmationBody: day.registrationBody.trim() ? day.registrationBody : autoresponder.confirmationBody,
  };
}
