import { formatEventTime, readerZone } from "./eventTime.js";
import type { ActionJob } from "./types.js";

/**
 * The personalisation tags of messages (email subject and body, SMS and MMS text), the same
 * single-brace tags the dashboard offers (`POST /globalsetting/personalize`):
 * `{name}`, `{first_name}`, `{last_name}`, `{email}`, `{phone}`, `{event_subject}`, `{event_day}`,
 * `{event_date}`, `{event_time}`, `{event_timezone}`, `{join_link}`, `{replay_link}`, and
 * `{custom.<field>}` for a registration field. Times are in the registrant's zone (the event's
 * when the registrant's is unknown).
 *
 * @example
 * messageVariables(job).first_name; // "Ada"
 */
export function messageVariables(job: ActionJob): Record<string, string> {
  const { registrant, event } = job;
  const [first = "", ...rest] = registrant.name.trim().split(/\s+/);
  const time = formatEventTime(event.startsAt, readerZone(registrant.timeZone, event.timeZone));
  const custom = Object.fromEntries(Object.entries(registrant.fields).map(([name, value]) => [`custom.${name}`, value]));
  return {
    ...custom,
    name: registrant.name.trim(),
    first_name: first,
    last_name: rest.join(" "),
    email: registrant.email,
    phone: registrant.phone,
    event_subject: event.name,
    event_day: time.day,
    event_date: time.date,
    event_time: time.time,
    event_timezone: time.timeZone,
    join_link: event.joinUrl,
    replay_link: event.replayUrl,
  };
}

/**
 * Replaces each `{tag}` with its value. A tag that is not a known variable is left as written,
 * so a literal brace in a message survives; tags are matched case-insensitively, with spaces
 * inside the braces allowed (`{ First_Name }`).
 *
 * @example
 * fillTemplate("Hi {first_name}, join at {join_link}", { first_name: "Ada", join_link: "https://j.example/1" });
 * // "Hi Ada, join at https://j.example/1"
 */
export function fillTemplate(text: string, variables: Record<string, string>): string {
  const lower = new Map(Object.entries(variables).map(([key, value]) => [key.toLowerCase(), value]));
  return text.replace(/\{\s*([\w.-]+)\s*\}/g, (tag, name: string) => lower.get(name.toLowerCase()) ?? tag);
}
