import {
  zonedWallTime,
  type AudienceSegment,
  type SimulatedAction,
  type TimelineBlocks,
  type TimelineMasterSetting,
} from "@cuepoint/sdk";
import { autoresponderKey } from "./actions/autoresponder.js";
import { planAutoresponders } from "./autoresponders.js";
import { planTimeline, type PlanEvent } from "./plan.js";
import { isPaused } from "./paused.js";
import { audienceVerdict, catchUp, isTextMessage, quietHoursEnd } from "./policy.js";
import { REASONS } from "./reasons.js";
import type { AutomationSettings } from "./settings.js";

/** A hypothetical registrant for the dry run. */
export interface SimulatedRegistrant {
  /** IANA zone (quiet hours, local times). */
  timeZone: string;
  registeredAt: Date;
  attendedSeconds: number;
  smsConsent: boolean;
  fields: Record<string, string>;
}

const CONFIRMATION = autoresponderKey("confirmation");

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD HH:mm` in a zone. */
export function localTime(at: Date, timeZone: string): string {
  const w = zonedWallTime(at, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * The dry run: every action of a timeline for a hypothetical registrant of an event, with its due
 * instant in UTC and in the registrant's zone and what the engine would do — the same decisions
 * (catch-up, audience, consent, quiet hours) the scheduler and the worker take, from the same
 * functions. Given the timeline's `setting`, its enabled autoresponder mails are listed too
 * (node keys `autoresponder:<message>`; the confirmation at the registration). The plan limit and
 * the integrations themselves are not consulted. A paused timeline (`general.enabled` false) skips
 * every action, saying so. `liveSeconds`: the event's live length (the room's, for the after-event mails).
 *
 * @example
 * simulate(timeline.blocks, "America/Los_Angeles", [], event, { timeZone: "Europe/Berlin", registeredAt, attendedSeconds: 0, smsConsent: true, fields: {} }, settings, timeline.setting);
 */
export function simulate(
  blocks: TimelineBlocks,
  timelineTimeZone: string,
  segments: readonly AudienceSegment[],
  event: PlanEvent,
  registrant: SimulatedRegistrant,
  settings: AutomationSettings,
  setting?: TimelineMasterSetting,
  liveSeconds?: number,
): SimulatedAction[] {
  const now = registrant.registeredAt;
  const autoresponders = setting ? planAutoresponders(setting, event, now, liveSeconds) : [];
  const planned = [...planTimeline(blocks, timelineTimeZone, event), ...autoresponders].sort(
    (a, b) => (a.plannedAt?.getTime() ?? 0) - (b.plannedAt?.getTime() ?? 0),
  );
  const missed = planned
    .filter((p) => p.kind === "action" && p.plannedAt && p.plannedAt < now)
    .map((p) => ({ key: p.key, plannedAt: p.plannedAt as Date }));
  const decisions = catchUp(missed, now, settings.catchUp);
  const zone = registrant.timeZone;
  const paused = setting !== undefined && isPaused(setting);
  return planned.map((p) => {
    const base = {
      nodeKey: p.key,
      action: p.node.action || p.node.key || "",
      actionTitle: p.node.actionTitle,
      groupID: p.node.groupID,
      groupName: p.node.groupName,
      dueAt: p.plannedAt?.toISOString() ?? null,
      dueLocal: p.plannedAt ? localTime(p.plannedAt, zone) : null,
      runAt: null as string | null,
      runLocal: null as string | null,
    };
    if (paused && (p.kind === "action" || p.kind === "live")) return { ...base, outcome: "skipped", reason: REASONS.pausedDryRun };
    if (p.kind === "live") return { ...base, runAt: base.dueAt, runLocal: base.dueLocal, outcome: "live", reason: "Part of the event's live script." };
    if (p.kind !== "action" || !p.plannedAt) return { ...base, outcome: "draft", reason: p.reason ?? "Not scheduled." };
    const decision = decisions.get(p.key);
    if (decision && !decision.run) return { ...base, outcome: "skipped", reason: decision.reason };
    let runAt = decision ? now : p.plannedAt;
    const verdict = audienceVerdict(p.node.groupID, segments, { attendedHour: registrant.attendedSeconds / 3600, fields: registrant.fields });
    if (!verdict.member) return { ...base, outcome: "skipped", reason: `Skipped: ${verdict.reason}` };
    let outcome: SimulatedAction["outcome"] = "sent";
    let reason = decision?.reason ?? (p.key === CONFIRMATION ? "Sent at the registration." : "Sent on time.");
    if (isTextMessage(p.node)) {
      if (!registrant.smsConsent) return { ...base, outcome: "skipped", reason: "Skipped: the registrant did not agree to text messages." };
      const until = quietHoursEnd(runAt, zone, settings.quietHours);
      if (until) {
        runAt = until;
        outcome = "deferred";
        reason = `Deferred by quiet hours (${settings.quietHours.start}–${settings.quietHours.end} in ${zone}) until ${localTime(until, zone)}.`;
      }
    }
    return { ...base, runAt: runAt.toISOString(), runLocal: localTime(runAt, zone), outcome, reason };
  });
}
