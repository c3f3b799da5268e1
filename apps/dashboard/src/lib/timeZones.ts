import { DEFAULT_TIMEZONE } from "@cuepoint/sdk";

/** The runtime's IANA zones, or the default alone where `Intl.supportedValuesOf` is missing. */
const timeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [DEFAULT_TIMEZONE];
  }
};

let cached: Array<{ value: string; label: string }> | undefined;

/**
 * Every time-zone select's options (the schedule screen, the reschedule dialog, the timeline's
 * calendar, the registrant's zone), with `current` first when the runtime does not list it (an
 * alias such as `UTC`), so the select can show it.
 *
 * @example
 * <Select label="Time zone" value={zone} options={timeZoneOptions(zone)} … />
 */
export function timeZoneOptions(current: string): Array<{ value: string; label: string }> {
  cached ??= timeZones().map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }));
  return cached.some((zone) => zone.value === current) ? cached : [{ value: current, label: current }, ...cached];
}
