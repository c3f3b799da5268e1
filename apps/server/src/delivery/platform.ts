import type { DeliveryPlatform } from "../db/schema/index.js";
import type { ServiceContext } from "../integrations/services/types.js";

/** A session as the platform should hold it. */
export interface SessionPlan {
  topic: string;
  description: string;
  startsAt: Date;
  /** The event's live length in minutes (at least 1). */
  minutes: number;
  timeZone: string;
}

/**
 * A session the platform holds: its id there (Zoom's webinar or meeting id, GoTo's webinarKey,
 * YouTube's broadcast id) and, when it is not the driver's usual kind (`noun`), what it is —
 * Zoom's `meeting` on an account without the webinar plan.
 */
export interface RemoteSession {
  remoteId: string;
  kind?: string | undefined;
  /** Why the platform holds another kind than usual, for the delivery log (set by `create`). */
  note?: string | undefined;
}

/** The remote session a `platform_sessions` row names. */
export const remoteOf = (row: { remoteId: string; remoteKind: string }): RemoteSession => ({ remoteId: row.remoteId, kind: row.remoteKind || undefined });

/** A registrant to register on the platform. */
export interface Person {
  registrantId: string;
  email: string;
  name: string;
}

/** What registering one person came to: their personal join URL, or the platform's refusal. */
export type Registration =
  | { registrantId: string; outcome: "registered"; remoteId: string; joinUrl: string }
  | { registrantId: string; outcome: "refused"; message: string };

/** One person's time in the session, as the platform reports it (several lines per person are summed). */
export interface Attended {
  /** The platform's registrant id, when the report names it. */
  remoteRegistrantId: string;
  email: string;
  joinedAt: Date;
  leftAt: Date;
  seconds: number;
}

/**
 * A delivery platform's session calls. Each throws `ServiceError`: `refused` (the platform said no,
 * in its words — not retried) or `unreachable` (network, timeout, 5xx, 429 — retried later).
 */
export interface SessionDriver {
  readonly platform: DeliveryPlatform;
  /** What the platform calls a session, for the delivery log ("webinar", "broadcast"). */
  readonly noun: string;
  /** Creates the session; `kind` is set when it is not a `noun` (a Zoom meeting). */
  create(ctx: ServiceContext, plan: SessionPlan): Promise<RemoteSession>;
  move(ctx: ServiceContext, session: RemoteSession, plan: SessionPlan): Promise<void>;
  /** Cancels the session; one the platform no longer has counts as cancelled. */
  cancel(ctx: ServiceContext, session: RemoteSession): Promise<void>;
}

/** A platform whose attendees are its registrants (Zoom, GoTo Webinar): sessions, registrants and attendance. */
export interface PlatformDriver extends SessionDriver {
  /** Registers people (in bulk where the platform allows); one outcome per person. */
  register(ctx: ServiceContext, session: RemoteSession, people: readonly Person[]): Promise<Registration[]>;
  attendance(ctx: ServiceContext, session: RemoteSession): Promise<Attended[]>;
}

/** A person's name split as the platforms ask for it (a first name is required by both). */
export function nameParts(person: Person): { first: string; last: string } {
  const words = person.name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? person.email.split("@")[0] ?? person.email;
  return { first, last: words.slice(1).join(" ") };
}

/** An instant as both platforms write it: ISO 8601 UTC without milliseconds. */
export const isoSeconds = (at: Date): string => `${at.toISOString().slice(0, 19)}Z`;
