import {
  labelInSentence,
  type ActionField,
  type IntegrationEntry,
  type ListName,
} from "../../integrations/index.js";

/** What one entry of each list is called in a host's words, with its article. */
const LIST_NOUNS: Readonly<Record<ListName, string>> = {
  tags: "a tag",
  lists: "a list",
  campaigns: "a campaign",
  workflows: "a workflow",
  automations: "an automation",
  sequences: "a sequence",
  groups: "a group",
  goals: "a goal",
  numberPools: "a number pool",
  inboxes: "an inbox",
  templates: "a template",
  audios: "an audio file",
  sheets: "a spreadsheet",
  worksheets: "a worksheet",
  flows: "a flow",
  channels: "a channel",
  calendars: "a calendar",
  audiences: "an audience",
  brands: "a brand",
};

function noun(field: ActionField): string | undefined {
  return field.noun ?? (field.list ? LIST_NOUNS[field.list] : undefined);
}

/** "Pick a tag", "Enter the SMS text", "Choose the media type". */
export function missingMessage(field: ActionField): string {
  const listNoun = noun(field);
  if (listNoun) return `Pick ${listNoun}`;
  const label = labelInSentence(field.label);
  if (field.kind === "select") return `Choose the ${label}`;
  if (field.kind === "audio" || field.kind === "image") return `Pick the ${label}`;
  return `Enter the ${label}`;
}

/** "Pick a tag that exists in this Mailchimp account". */
export function notFoundMessage(field: ActionField, entry: IntegrationEntry): string {
  const listNoun = noun(field) ?? `the ${labelInSentence(field.label)}`;
  if (field.list === "audios") return `Pick ${listNoun} that is in your media library`;
  return `Pick ${listNoun} that exists in this ${entry.label} account`;
}

/** Why a present value is not acceptable, for number and option fields (addresses: `checkTargetUrl`). */
export function invalidMessage(field: ActionField): string {
  if (field.kind === "number") return `${field.label} must be a number`;
  const choices = (field.options ?? []).map((o) => o.label).join(", ");
  return `Choose the ${labelInSentence(field.label)}: ${choices}`;
}
