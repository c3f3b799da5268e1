import type { TimelineNode } from "@cuepoint/sdk";
import type { ServerConfig } from "../../config/serverConfig.js";
import type { Database } from "../../db/types.js";

/**
 * The contract between the scheduler (engine/) and the action executors (engine/actions/).
 * The scheduler builds an `ActionJob` from stored rows when a job fires and calls
 * `executeAction(ctx, job)` (engine/actions/index.ts); the executor carries out the node's action
 * through the account's integration and answers what happened.
 */

/** The registrant as an action sees it. */
export interface ActionRegistrant {
  id: string;
  email: string;
  name: string;
  phone: string;
  /** IANA zone the registrant gave or the form detected ("" when unknown: use the event's). */
  timeZone: string;
  /** Custom-field answers by field name. */
  fields: Record<string, string>;
  /** Whether the registrant agreed to SMS/MMS. */
  smsConsent: boolean;
}

/** The event (one scheduled webinar session) the registrant registered for. */
export interface ActionEvent {
  id: string;
  name: string;
  startsAt: Date;
  /** The event's IANA zone. */
  timeZone: string;
  /** Where the registrant joins (may be ""). */
  joinUrl: string;
  /** Where the replay is (may be ""). */
  replayUrl: string;
}

export interface ActionJob {
  accountId: string;
  timeline: { id: string; name: string };
  /** The timeline action: `action`, `integrationID`, `integrationType`, `model` (its fields). */
  node: TimelineNode;
  registrant: ActionRegistrant;
  event: ActionEvent;
  /** When the action was due. */
  dueAt: Date;
  /**
   * One key per (action, registrant, event): `${nodeKey}:${registrantId}:${eventId}`. Passed to
   * peers that accept one (the webhook's `Idempotency-Key` header, the mail's Message-ID), so a
   * retry after a crash is recognisable as the same delivery.
   */
  idempotencyKey: string;
  /** 1 for the first try. */
  attempt: number;
}

/** What carrying out an action came to. */
export type ActionOutcome =
  /** Done; `detail` is the peer's answer for the delivery log ("250 2.0.0 Ok", "HTTP 202"). */
  | { status: "sent"; detail: string }
  /** Deliberately not done; `reason` is for the delivery log ("no SMS consent"). */
  | { status: "skipped"; reason: string };

/** A failure worth retrying with backoff (network error, timeout, HTTP 5xx or 429). */
export class RetryableActionError extends Error {
  override name = "RetryableActionError";
}

/** A failure that retrying cannot fix (HTTP 4xx, bad credentials, missing integration). */
export class PermanentActionError extends Error {
  override name = "PermanentActionError";
}

/** What an executor may use. */
export interface ActionContext {
  db: Database;
  config: ServerConfig;
  /** The engine's clock (controllable in tests). */
  now: () => Date;
}

export type ExecuteAction = (ctx: ActionContext, job: ActionJob) => Promise<ActionOutcome>;
