import {
  createMasterSetting,
  type TimelineBlocks,
  type TimelineMasterSettingInput,
  type TimelineNode,
} from "@cuepoint/sdk";

/** A built-in template of the beginner wizard: a complete setting and its actions. */
export interface BuiltInTemplate {
  id: string;
  name: string;
  description: string;
  setting: TimelineMasterSettingInput;
  nodes: TimelineNode[];
}

type NodeInput = Partial<TimelineNode> & Pick<TimelineNode, "days" | "hours" | "minutes" | "isAfter" | "action" | "groupID">;

const GROUPS: Record<string, string> = { "3": "Registrants", a1: "Attendee", a2: "Non-Attendee" };

/** A node with the defaults every template node shares; the template's id prefixes its id. */
const node = (id: string, fields: NodeInput): TimelineNode => ({
  id,
  isExact: false,
  actionTitle: "",
  integrationID: "",
  integrationType: "",
  groupName: GROUPS[fields.groupID] ?? "",
  model: {},
  ...fields,
});

const mail = (subject: string, message: string) => ({ emailSubject: subject, message, emailFrom: "", nameFrom: "" });

/** Both run on Cuepoint's own room ("aevent"), the one platform that takes live actions before the start. */
export const WIZARD_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    id: "live-webinar-reminders",
    name: "Live webinar with reminders",
    description:
      "A live webinar you present yourself: confirmation email, reminders three days, one day and one hour " +
      "before, a welcome chat and an offer during the event, then the replay for those who missed it.",
    setting: {
      general: {
        timelineName: "Live webinar with reminders",
        eventType: "live-webinar",
        webinarType: "manual",
        deliveryPlatform: "aevent",
        scheduleLength: 1,
        countdown: { enabled: true, duration: 15 },
        replay: { enabled: true, replayDays: 2 },
      },
      registration: { type: "one-time" },
      autoresponder: {
        confirmation: "true",
        confirmationTitle: "You're registered for {event_subject}",
        confirmationBody: "Hi {first_name}, see you on {event_date} at {event_time} ({event_timezone}). Join here: {join_link}",
      },
    },
    nodes: [
      node("lw-3d", { days: 3, hours: 9, minutes: 0, amPm: "AM", isExact: true, isAfter: -1, action: "sendMail", groupID: "3",
        actionTitle: "Reminder: 3 days to go", model: mail("3 days to go: {event_subject}", "Hi {first_name}, mark your calendar: {event_date} at {event_time}. {join_link}") }),
      node("lw-1d", { days: 1, hours: 9, minutes: 0, amPm: "AM", isExact: true, isAfter: -1, action: "sendMail", groupID: "3",
        actionTitle: "Reminder: tomorrow", model: mail("Tomorrow: {event_subject}", "Hi {first_name}, we start tomorrow at {event_time}. {join_link}") }),
      node("lw-1h", { days: 0, hours: 1, minutes: 0, isAfter: -1, action: "sendMail", groupID: "3",
        actionTitle: "Reminder: starting in an hour", model: mail("Starting in one hour", "Hi {first_name}, we go live in an hour: {join_link}") }),
      node("lw-chat", { days: 0, hours: 0, minutes: 1, isAfter: 1, action: "livechat", key: "livechat", groupID: "a1",
        actionTitle: "Welcome message", model: { from: "Host", message: "Welcome everyone! Tell us in the chat where you're joining from." } }),
      node("lw-cta", { days: 0, hours: 0, minutes: 45, isAfter: 1, action: "cta", key: "cta", groupID: "a1",
        actionTitle: "Offer", model: { headline: "Special offer for attendees", subheadline: "Available until the end of the webinar" } }),
      node("lw-replay", { days: 1, hours: 10, minutes: 0, amPm: "AM", isExact: true, isAfter: 1, action: "sendMail", groupID: "a2",
        actionTitle: "Replay for those who missed it", model: mail("Sorry we missed you: watch the replay", "Hi {first_name}, the replay is up for two days: {replay_link}") }),
      node("lw-thanks", { days: 1, hours: 10, minutes: 0, amPm: "AM", isExact: true, isAfter: 1, action: "sendMail", groupID: "a1",
        actionTitle: "Thank you", model: mail("Thanks for joining {event_subject}", "Hi {first_name}, thanks for attending. Here is the replay: {replay_link}") }),
    ],
  },
  {
    id: "evergreen-replay-funnel",
    name: "Evergreen replay funnel",
    description:
      "A recorded webinar that runs on a schedule: a reminder before each session, simulated chat and an offer " +
      "during the video, then two replay emails to non-attendees and a follow-up to attendees.",
    setting: {
      general: {
        timelineName: "Evergreen replay funnel",
        eventType: "evergreen-webinar",
        webinarType: "automatic",
        deliveryPlatform: "aevent",
        webinarVideoLength: "00:45:00",
        countdown: { enabled: true, duration: 15 },
        replay: { enabled: true, replayDays: 1, expireOnMid: true },
        hls: { autoChat: true },
      },
      registration: { type: "multi-option" },
      autoresponder: {
        confirmation: "true",
        confirmationTitle: "Your seat for {event_subject}",
        confirmationBody: "Hi {first_name}, your session starts {event_day} at {event_time}. Join: {join_link}",
      },
    },
    nodes: [
      node("eg-30m", { days: 0, hours: 0, minutes: 30, isAfter: -1, action: "sendMail", groupID: "3",
        actionTitle: "Starting soon", model: mail("We start in 30 minutes", "Hi {first_name}, grab a coffee: {join_link}") }),
      node("eg-chat", { days: 0, hours: 0, minutes: 2, isAfter: 1, action: "livechat", key: "livechat", groupID: "a1",
        actionTitle: "Welcome message", model: { from: "Host", message: "Welcome! Questions go in the chat." } }),
      node("eg-cta", { days: 0, hours: 0, minutes: 35, isAfter: 1, action: "cta", key: "cta", groupID: "a1",
        actionTitle: "Offer", model: { headline: "Get started today", subheadline: "The offer closes when the replay ends" } }),
      node("eg-replay", { days: 1, hours: 9, minutes: 0, amPm: "AM", isExact: true, isAfter: 1, action: "sendMail", groupID: "a2",
        actionTitle: "Replay", model: mail("The replay is ready", "Hi {first_name}, watch it before midnight: {replay_link}") }),
      node("eg-last", { days: 2, hours: 9, minutes: 0, amPm: "AM", isExact: true, isAfter: 1, action: "sendMail", groupID: "a2",
        actionTitle: "Last chance", model: mail("Last chance to watch", "Hi {first_name}, the replay closes tonight: {replay_link}") }),
      node("eg-follow", { days: 1, hours: 10, minutes: 0, amPm: "AM", isExact: true, isAfter: 1, action: "sendMail", groupID: "a1",
        actionTitle: "Follow-up", model: mail("Your next step", "Hi {first_name}, thanks for watching. Here is what to do next.") }),
    ],
  },
  {
    id: "vsl-follow-up",
    name: "Video sales letter with follow-up",
    description: "A short sales video on demand, with a follow-up to everyone who registered and a nudge the next day.",
    setting: {
      general: { timelineName: "Video sales letter with follow-up", eventType: "vsl", webinarType: "automatic", deliveryPlatform: "vsl", webinarVideoLength: "00:12:00" },
    },
    nodes: [
      node("vsl-1h", { days: 0, hours: 1, minutes: 0, isAfter: 1, action: "sendMail", groupID: "3",
        actionTitle: "Follow-up", model: mail("Did you catch the end?", "Hi {first_name}, here is the video again: {replay_link}") }),
      node("vsl-1d", { days: 1, hours: 9, minutes: 0, amPm: "AM", isExact: true, isAfter: 1, action: "sendMail", groupID: "3",
        actionTitle: "Next-day nudge", model: mail("Still thinking it over?", "Hi {first_name}, questions? Just reply to this email.") }),
    ],
  },
];

/** A template's complete setting (every default filled in) and its actions by bucket. */
export function templateParts(template: BuiltInTemplate) {
  const blocks: TimelineBlocks = {};
  for (const item of template.nodes) {
    const bucket = String(item.days === 0 ? 0 : item.days * item.isAfter);
    blocks[bucket] = [...(blocks[bucket] ?? []), item];
  }
  return { setting: createMasterSetting(template.setting), blocks };
}
