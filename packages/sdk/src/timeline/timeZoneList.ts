/**
 * The time zones a host picks from (spec §9: "Timezone list of about 60 entries"): one zone for each
 * region people schedule webinars in, named the way people say them, ordered west to east. Values
 * are IANA ids, the wire's `timeZone`. A zone saved earlier that is not listed stays valid: the
 * pickers show it too ({@link timeZoneChoices}).
 */
export const TIME_ZONE_LIST = [
  { zone: "Pacific/Midway", name: "Midway Island, Samoa" },
  { zone: "Pacific/Honolulu", name: "Hawaii" },
  { zone: "America/Anchorage", name: "Alaska" },
  { zone: "America/Los_Angeles", name: "Pacific Time (US & Canada)" },
  { zone: "America/Phoenix", name: "Arizona" },
  { zone: "America/Denver", name: "Mountain Time (US & Canada)" },
  { zone: "America/Chicago", name: "Central Time (US & Canada)" },
  { zone: "America/Mexico_City", name: "Mexico City, Guadalajara" },
  { zone: "America/Regina", name: "Saskatchewan" },
  { zone: "America/New_York", name: "Eastern Time (US & Canada)" },
  { zone: "America/Bogota", name: "Bogota, Lima, Quito" },
  { zone: "America/Caracas", name: "Caracas" },
  { zone: "America/Halifax", name: "Atlantic Time (Canada)" },
  { zone: "America/Santiago", name: "Santiago" },
  { zone: "America/St_Johns", name: "Newfoundland" },
  { zone: "America/Sao_Paulo", name: "Brasilia, São Paulo" },
  { zone: "America/Argentina/Buenos_Aires", name: "Buenos Aires" },
  { zone: "Atlantic/South_Georgia", name: "Mid-Atlantic" },
  { zone: "Atlantic/Azores", name: "Azores" },
  { zone: "Atlantic/Cape_Verde", name: "Cape Verde Islands" },
  { zone: "UTC", name: "Coordinated Universal Time" },
  { zone: "Europe/London", name: "London, Edinburgh" },
  { zone: "Europe/Dublin", name: "Dublin" },
  { zone: "Europe/Lisbon", name: "Lisbon" },
  { zone: "Africa/Casablanca", name: "Casablanca" },
  { zone: "Europe/Paris", name: "Paris, Brussels, Madrid" },
  { zone: "Europe/Berlin", name: "Berlin, Amsterdam, Rome, Stockholm, Vienna" },
  { zone: "Europe/Warsaw", name: "Warsaw, Prague, Budapest" },
  { zone: "Africa/Lagos", name: "West Central Africa, Lagos" },
  { zone: "Europe/Athens", name: "Athens, Bucharest" },
  { zone: "Europe/Helsinki", name: "Helsinki, Kyiv, Riga, Vilnius" },
  { zone: "Africa/Cairo", name: "Cairo" },
  { zone: "Africa/Johannesburg", name: "Johannesburg, Harare" },
  { zone: "Asia/Jerusalem", name: "Jerusalem" },
  { zone: "Europe/Istanbul", name: "Istanbul" },
  { zone: "Europe/Moscow", name: "Moscow, St. Petersburg" },
  { zone: "Asia/Riyadh", name: "Riyadh, Kuwait" },
  { zone: "Africa/Nairobi", name: "Nairobi" },
  { zone: "Asia/Tehran", name: "Tehran" },
  { zone: "Asia/Dubai", name: "Abu Dhabi, Dubai, Muscat" },
  { zone: "Asia/Kabul", name: "Kabul" },
  { zone: "Asia/Karachi", name: "Islamabad, Karachi" },
  { zone: "Asia/Tashkent", name: "Tashkent" },
  { zone: "Asia/Kolkata", name: "Chennai, Kolkata, Mumbai, New Delhi" },
  { zone: "Asia/Kathmandu", name: "Kathmandu" },
  { zone: "Asia/Dhaka", name: "Dhaka" },
  { zone: "Asia/Yangon", name: "Yangon (Rangoon)" },
  { zone: "Asia/Bangkok", name: "Bangkok, Hanoi, Jakarta" },
  { zone: "Asia/Shanghai", name: "Beijing, Shanghai, Hong Kong" },
  { zone: "Asia/Singapore", name: "Singapore, Kuala Lumpur" },
  { zone: "Asia/Manila", name: "Manila" },
  { zone: "Australia/Perth", name: "Perth" },
  { zone: "Asia/Tokyo", name: "Tokyo, Osaka" },
  { zone: "Asia/Seoul", name: "Seoul" },
  { zone: "Australia/Darwin", name: "Darwin" },
  { zone: "Australia/Adelaide", name: "Adelaide" },
  { zone: "Australia/Brisbane", name: "Brisbane" },
  { zone: "Australia/Sydney", name: "Sydney, Melbourne, Canberra" },
  { zone: "Pacific/Guam", name: "Guam, Port Moresby" },
  { zone: "Pacific/Auckland", name: "Auckland, Wellington" },
  { zone: "Pacific/Fiji", name: "Fiji" },
  { zone: "Pacific/Tongatapu", name: "Nuku'alofa" },
] as const satisfies ReadonlyArray<{ zone: string; name: string }>;

/** One entry of a time-zone picker. */
export interface TimeZoneChoice {
  /** IANA id, the wire's `timeZone`. */
  zone: string;
  /** "(UTC−05:00) Eastern Time (US & Canada)": the offset now and the place. */
  label: string;
}

/**
 * The zone's UTC offset at `at`: "UTC−05:00", "UTC+05:45", "UTC+00:00" ("" for an id the
 * runtime does not know).
 *
 * @example
 * utcOffsetLabel("Asia/Kolkata", new Date("2026-01-15T12:00:00Z")); // "UTC+05:30"
 */
export function utcOffsetLabel(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    if (!part) return "";
    if (part === "GMT") return "UTC+00:00";
    return part.replace("GMT", "UTC").replace("-", "−");
  } catch {
    return "";
  }
}

/** The words a zone is found by: its place, its id's parts and its offset written a few ways. */
function searchWords(zone: string, name: string, offset: string): string[] {
  const ascii = offset.replace("−", "-").toLowerCase(); // "utc-05:00"
  const sign = ascii.slice(3); // "-05:00"
  const short = sign.replace(/^([+-])0/, "$1"); // "-5:00"
  const offsets = sign ? [ascii, sign, `utc${short}`, short] : [ascii];
  return [...`${name} ${zone}`.toLowerCase().split(/[\s,()/_.'-]+/), ...offsets].filter(Boolean);
}

/**
 * The picker's entries at `at` (offsets change with daylight saving): the list, and `current`
 * first when it is not in the list, so a zone saved earlier is still shown and kept. `query`
 * narrows them: every word of it must start a word of the place, of the zone id or of the offset
 * ("new york", "kolkata", "utc+5", "+05:30"); `current` always stays, so the picker keeps its value.
 *
 * @example
 * timeZoneChoices("America/New_York", new Date("2026-01-15T12:00:00Z"))[9];
 * // { zone: "America/New_York", label: "(UTC−05:00) Eastern Time (US & Canada)" }
 * timeZoneChoices("America/Boise", new Date())[0].zone; // "America/Boise": saved earlier, not listed
 * timeZoneChoices("UTC", new Date(), "tokyo").map((c) => c.zone); // ["UTC", "Asia/Tokyo"]
 */
export function timeZoneChoices(current: string, at: Date, query = ""): TimeZoneChoice[] {
  const listed: ReadonlyArray<{ zone: string; name: string }> = TIME_ZONE_LIST;
  const entries = !current || listed.some((z) => z.zone === current) ? listed : [{ zone: current, name: current.replace(/_/g, " ") }, ...listed];
  const wanted = query.toLowerCase().replace(/−/g, "-").split(/[\s,()]+/).filter(Boolean);
  const choices: TimeZoneChoice[] = [];
  for (const { zone, name } of entries) {
    const offset = utcOffsetLabel(zone, at);
    const words = wanted.length > 0 && zone !== current ? searchWords(zone, name, offset) : [];
    if (wanted.every((word) => zone === current || words.some((w) => w.startsWith(word)))) {
      choices.push({ zone, label: offset ? `(${offset}) ${name}` : name });
    }
  }
  return choices;
}
