import { mergeVariables, SAMPLE_REGISTRANT, sampleEvent, zonedToUtc, zonedWallTime, type GeneralSetting } from "@cuepoint/sdk";

/**
 * The merge values a preview shows: the SDK's sample registrant (in their own zone) at a sample
 * session of this timeline — tomorrow at 10:00 in the timeline's zone — with the timeline's
 * registration fields filled as "Sample <label>".
 *
 * @example
 * sampleVariables(setting.general, setting.registration.customForms, new Date()).event_timezone; // "GMT"
 */
export function sampleVariables(
  general: Pick<GeneralSetting, "timelineName" | "timeZone">,
  fields: readonly { name: string; label?: string }[],
  now: Date,
): Record<string, string> {
  const zone = general.timeZone || "UTC";
  const tomorrow = zonedWallTime(new Date(now.getTime() + 86_400_000), zone);
  const startsAt = zonedToUtc({ year: tomorrow.year, month: tomorrow.month, day: tomorrow.day, hour: 10, minute: 0 }, zone);
  const registrant = { ...SAMPLE_REGISTRANT, fields: Object.fromEntries(fields.map((f) => [f.name, `Sample ${(f.label || f.name).toLowerCase()}`])) };
  return mergeVariables(registrant, sampleEvent(general.timelineName || "Your webinar", zone, startsAt));
}
