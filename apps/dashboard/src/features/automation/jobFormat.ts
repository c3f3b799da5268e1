import { formatWhen } from "../../lib/format.js";
import type { Delivery, ScheduledAction } from "@cuepoint/sdk";

/** The host's own time zone: the browser's (the account keeps none). */
export const hostTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * An instant in a zone, the zone named ("May 9, 2026, 9:00 AM PDT").
 *
 * @example
 * formatInZone("2026-05-09T16:00:00Z", "America/Los_Angeles"); // "May 9, 2026, 9:00 AM PDT"
 */
export const formatInZone = (iso: string | null | undefined, timeZone: string): string => formatWhen(iso ?? undefined, timeZone);

export type JobStatus = ScheduledAction["status"];

/** How each job state reads to the host. */
export const STATUS_LABELS: Record<JobStatus, string> = {
  pending: "Waiting",
  queued: "Running",
  sent: "Sent",
  skipped: "Skipped",
  dead: "Failed",
  canceled: "Canceled",
};

/** How each delivery-log outcome reads to the host. */
export const OUTCOME_LABELS: Record<Delivery["outcome"], string> = {
  sent: "Sent",
  skipped: "Skipped",
  failed: "Failed, will retry",
  dead: "Failed",
  deferred: "Deferred",
  canceled: "Canceled",
};

/** The tone of a state's badge (`ui/screen.css`). */
export const toneOf = (state: string): "success" | "danger" | undefined =>
  state === "sent" ? "success" : state === "dead" || state === "failed" ? "danger" : undefined;

/** Which part of the account's jobs a panel shows. */
export type JobScope = { webinarID: string } | { webinarTimeline: string };
