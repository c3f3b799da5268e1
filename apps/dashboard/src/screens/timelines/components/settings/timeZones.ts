import { DEFAULT_TIMEZONE } from "@cuepoint/sdk";

/** The IANA zones this browser knows, as select options (the timeline's own zone always among them). */
export function timeZoneOptions(current: string): Array<{ value: string; label: string }> {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [DEFAULT_TIMEZONE, "UTC"];
  const zones = supported.includes(current) ? supported : [current, ...supported];
  return zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }));
}
