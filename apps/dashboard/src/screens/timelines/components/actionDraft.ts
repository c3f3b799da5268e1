import {
  checkActionFields,
  dayLabel,
  getIntegrationKind,
  integrationCatalogue,
  isLiveAction,
  runningActionsOf,
  validateTimelineAction,
  type ActionDefinition,
  type GeneralSetting,
  type Integration,
  type IntegrationKind,
  type ListEntry,
  type ListName,
  type TimelineNode,
  type TimelineRuleContext,
} from "@cuepoint/sdk";

/*
 * The action form's state and the pure steps between it and a timeline node: which integrations an
 * action can run through, the node a filled form makes, and the SDK rules that may refuse it.
 */

/** Where an action runs: the event's own platform ("live") or one of the account's integrations. */
export interface ActionSource {
  /** "live" or the integration's id. */
  value: string;
  label: string;
  kind: IntegrationKind;
  integrationID: string;
  actions: readonly ActionDefinition[];
}

/** What the action dialog edits. Numbers stay strings while typed. */
export interface ActionDraft {
  /** Signed day offset, -45..45. */
  day: number;
  isExact: boolean;
  hours: string;
  minutes: string;
  amPm: "AM" | "PM";
  /** For relative times on the event day: 1 after the start, -1 before. */
  direction: 1 | -1;
  groupID: string;
  source: string;
  action: string;
  actionTitle: string;
  model: Record<string, string>;
}

export const LIVE_SOURCE = "live";

/** The catalogue kind of a delivery platform ("zoom" → ZOOM); Cuepoint's own room otherwise. */
export function platformKind(deliveryPlatform: string): IntegrationKind {
  const entry = Object.values(integrationCatalogue).find((e) => e.deliveryPlatform === deliveryPlatform);
  return entry?.type ?? "AEVENT";
}

/**
 * The sources an action can run through: the event's live room, then every integration of the
 * account whose kind has actions this release carries out; each offers only those
 * (`runningActionsOf`: the SDK's catalogue and its `running.ts`).
 *
 * @example
 * actionSources(general, { "7": webhookIntegration }).map((s) => s.label);
 * // ["Live event (Cuepoint Events)", "Orders hook (Webhook)"]
 */
export function actionSources(general: Pick<GeneralSetting, "deliveryPlatform">, integrations: Record<string, Integration>): ActionSource[] {
  const liveKind = platformKind(general.deliveryPlatform);
  const sources: ActionSource[] = [
    {
      value: LIVE_SOURCE,
      label: `Live event (${integrationCatalogue[liveKind].label})`,
      kind: liveKind,
      integrationID: "",
      actions: runningActionsOf(liveKind),
    },
  ];
  for (const integration of Object.values(integrations)) {
    const entry = getIntegrationKind(String(integration.type));
    const actions = entry ? runningActionsOf(entry.type) : [];
    if (!entry || actions.length === 0 || entry.category === "live") continue;
    sources.push({
      value: String(integration.integrationid),
      label: `${integration.name || entry.label} (${entry.label})`,
      kind: entry.type,
      integrationID: String(integration.integrationid),
      actions,
    });
  }
  return sources;
}

const text = (value: unknown): string => (value === undefined || value === null ? "" : String(value));

/** A fresh draft: event day, 10 minutes after the start, the first group. */
export function emptyDraft(groupID: string, day = 0): ActionDraft {
  return { day, isExact: false, hours: "0", minutes: "10", amPm: "AM", direction: 1, groupID, source: LIVE_SOURCE, action: "", actionTitle: "", model: {} };
}

/** The draft of an existing node; its source is found among `sources` (else left blank to choose). */
export function draftOf(node: TimelineNode, sources: readonly ActionSource[]): ActionDraft {
  const signedDay = node.days * node.isAfter;
  const source =
    sources.find((s) => s.integrationID !== "" && s.integrationID === node.integrationID) ??
    (node.integrationID === "" && isLiveAction(node) ? sources.find((s) => s.value === LIVE_SOURCE) : undefined);
  const model: Record<string, string> = {};
  for (const [key, value] of Object.entries(node.model)) if (typeof value === "string" || typeof value === "number") model[key] = String(value);
  return {
    day: signedDay,
    isExact: node.isExact,
    hours: text(node.hours),
    minutes: text(node.minutes),
    amPm: node.amPm ?? "AM",
    direction: node.isAfter,
    groupID: node.groupID,
    source: source?.value ?? "",
    action: node.action,
    actionTitle: node.actionTitle,
    model,
  };
}

const count = (value: string): number => {
  const n = Number(value.trim() === "" ? 0 : value);
  return Number.isInteger(n) && n >= 0 ? n : Number.NaN;
};

/**
 * The node a draft makes. `base` keeps fields the form does not edit (id, nodeID, model extras).
 *
 * @example
 * nodeOf({ ...emptyDraft("3"), action: "livechat", model: { message: "Hi" } }, sources, groups).minutes; // 10
 */
export function nodeOf(
  draft: ActionDraft,
  sources: readonly ActionSource[],
  groups: ReadonlyArray<{ id: string; name: string }>,
  base?: TimelineNode,
): TimelineNode {
  const source = sources.find((s) => s.value === draft.source);
  const definition = source?.actions.find((a) => a.key === draft.action);
  const isAfter: 1 | -1 = draft.day === 0 ? (draft.isExact ? 1 : draft.direction) : draft.day < 0 ? -1 : 1;
  const model: Record<string, unknown> = { ...(base?.model ?? {}) };
  for (const field of definition?.fields ?? []) {
    const value = draft.model[field.name]?.trim() ?? "";
    if (value === "") delete model[field.name];
    else model[field.name] = value;
  }
  const node: TimelineNode = {
    ...(base ?? {}),
    id: base?.id ?? newNodeId(),
    days: Math.abs(draft.day),
    hours: count(draft.hours),
    minutes: count(draft.minutes),
    isAfter,
    isExact: draft.isExact,
    action: draft.action,
    actionTitle: draft.actionTitle.trim() || definition?.label || "",
    integrationID: source?.integrationID ?? "",
    integrationType: source?.kind ?? "",
    groupID: draft.groupID,
    groupName: groups.find((g) => g.id === draft.groupID)?.name ?? "",
    model: model as TimelineNode["model"],
  };
  if (draft.isExact) node.amPm = draft.amPm;
  else delete node.amPm;
  if (source?.value === LIVE_SOURCE && draft.action) node.key = draft.action;
  return node;
}

/** Why a draft is refused: a message for the whole action, or one per field. */
export interface DraftProblems {
  rule?: string;
  fields: Record<string, string>;
}

/**
 * Judges a draft with the SDK's rules (spec §5): the timing numbers, the timeline rules
 * (`validateTimelineAction`: complete, before allowed, live window, too close) and the
 * per-integration required fields (`checkActionFields`; with the integration's loaded `lists`, a
 * picked tag, audience… must also exist in them). Empty when the action can be saved.
 *
 * @example
 * problemsOf(draft, node, ruleContextOf(general)); // { rule: "This action fires 5 minutes before …", fields: {} }
 * problemsOf(draft, node, context, { tags: [{ id: "7" }] }).fields; // { tagName: "Pick a tag that exists in this ActiveCampaign account" }
 */
export function problemsOf(
  draft: ActionDraft,
  node: TimelineNode,
  context: TimelineRuleContext,
  lists?: Partial<Record<ListName, readonly ListEntry[]>>,
): DraftProblems {
  const fields: Record<string, string> = {};
  if (Number.isNaN(node.hours)) fields.hours = "Enter a whole number of hours.";
  if (Number.isNaN(node.minutes)) fields.minutes = "Enter a whole number of minutes.";
  if (draft.isExact && (node.hours < 1 || node.hours > 12)) fields.hours = "With AM/PM, the hour must be between 1 and 12";
  if (!draft.isExact && node.hours > 23) fields.hours = "Hours must be between 0 and 23.";
  if (node.minutes > 59) fields.minutes = "Minutes must be between 0 and 59.";
  if (!draft.source) fields.source = "Pick where this action runs.";
  if (Object.keys(fields).length > 0) return { fields };
  const rule = validateTimelineAction(node, context);
  if (!rule.ok) return { rule: rule.message, fields };
  const result = checkActionFields({ kind: node.integrationType, action: node.action, model: node.model, ...(lists && { lists }) });
  if (!result.ok) {
    const field = result.field === "integrationType" ? "source" : result.field;
    fields[field] = result.message;
  }
  return { fields };
}

/** True when the judged draft has nothing refused. */
export const isClean = (problems: DraftProblems): boolean => !problems.rule && Object.keys(problems.fields).length === 0;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * When a node fires, as a person reads it.
 *
 * @example
 * timingLabel({ days: 1, hours: 9, minutes: 0, amPm: "AM", isExact: true, isAfter: -1 }); // "1 day before at 9:00 AM"
 * timingLabel({ days: 0, hours: 1, minutes: 30, isExact: false, isAfter: -1 }); // "1 h 30 min before the start"
 */
export function timingLabel(node: Pick<TimelineNode, "days" | "hours" | "minutes" | "amPm" | "isExact" | "isAfter">): string {
  const day = node.days * node.isAfter;
  if (node.isExact) {
    const clock = node.amPm ? `${node.hours}:${pad(node.minutes)} ${node.amPm}` : `${pad(node.hours)}:${pad(node.minutes)}`;
    return `${dayLabel(day)} at ${clock}`;
  }
  const parts = [node.hours ? `${node.hours} h` : "", node.minutes || !node.hours ? `${node.minutes} min` : ""].filter(Boolean).join(" ");
  const side = node.isAfter < 0 ? "before" : "after";
  if (day === 0) return `${parts} ${side} the start`;
  return `${Math.abs(day)} ${Math.abs(day) === 1 ? "day" : "days"}${node.hours || node.minutes ? ` ${parts}` : ""} ${side} the start`;
}

/** A new node id (the server keeps ids it is given). */
export function newNodeId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `n${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
