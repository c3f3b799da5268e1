import { formatEventTime, readerZone } from "./eventTime.js";

/**
 * The merge tags of messages (email subject and body, SMS and MMS text): single braces, as the
 * SDK's URL rule shows them (`?e={email}`). `{custom.<field>}` stands for a registration field.
 */
export const MERGE_TAGS: readonly { tag: string; label: string }[] = [
  { tag: "{name}", label: "Full name" },
  { tag: "{first_name}", label: "First name" },
  { tag: "{last_name}", label: "Last name" },
  { tag: "{email}", label: "Email address" },
  { tag: "{phone}", label: "Phone number" },
  { tag: "{event_subject}", label: "Event subject" },
  { tag: "{event_day}", label: "Session day (Monday)" },
  { tag: "{event_date}", label: "Session date" },
  { tag: "{event_time}", label: "Session time" },
  { tag: "{event_timezone}", label: "Session time zone" },
  { tag: "{join_link}", label: "Join link" },
  { tag: "{replay_link}", label: "Replay link" },
];

/** Who a message goes to, as far as its merge tags read them. */
export interface MergeRegistrant {
  name: string;
  email: string;
  phone: string;
  /** IANA zone; "" when unknown (the event's zone is used). */
  timeZone: string;
  /** Registration fields by name (`{custom.<name>}`). */
  fields: Record<string, string>;
}

/** The event a message is about. */
export interface MergeEvent {
  name: string;
  startsAt: Date;
  timeZone: string;
  joinUrl: string;
  replayUrl: string;
}

/**
 * The value of every merge tag for one registrant of one event. Times are in the registrant's
 * zone (the event's when the registrant's is unknown).
 *
 * @example
 * mergeVariables(registrant, event).first_name; // "Ada"
 */
export function mergeVariables(registrant: MergeRegistrant, event: MergeEvent): Record<string, string> {
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

const TAG = /\{\s*([\w.-]+)\s*\}/g;

/**
 * Replaces each `{tag}` with `escape(value)`. A tag that is not a known variable is left as
 * written, so a literal brace in a message survives; tags are matched case-insensitively, with
 * spaces inside the braces allowed (`{ First_Name }`). A value is never read again as a template.
 *
 * @example
 * fillMergeTags("Hi {first_name}", { first_name: "Ada" }); // "Hi Ada"
 */
export function fillMergeTags(text: string, variables: Record<string, string>, escape: (value: string) => string = (value) => value): string {
  const lower = new Map(Object.entries(variables).map(([key, value]) => [key.toLowerCase(), value]));
  return text.replace(TAG, (tag, name: string) => {
    const value = lower.get(name.toLowerCase());
    return value === undefined ? tag : escape(value);
  });
}
