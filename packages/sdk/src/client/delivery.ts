/**
 * The answers of the delivery platforms' calls (issue 17, _design_): an event whose timeline is
 * delivered on Zoom, GoTo Webinar or YouTube Live (`general.deliveryPlatform`) has a session there.
 * The calls are `client.webinars.delivery(id)` and `client.webinars.deliveryYoutube(id)`.
 */

/** The platforms an event's session can be on; Cuepoint's own room and the others have none. */
export type DeliverySessionPlatform = "zoom" | "gotowebinar" | "youtube";

/**
 * The session's state: `waiting` (not created on the platform yet), `pending` (a change is being
 * made or retried), `ready`, `refused` (`message` says the platform's words and what to do),
 * `cancelled`; `none` when the timeline is not delivered on a platform.
 */
export type DeliverySessionStatus = "none" | "waiting" | "pending" | "ready" | "refused" | "cancelled";

/** One line of the delivery log: create, move, cancel, register, attendance. */
export interface DeliveryLogLine {
  /** UTC ISO instant. */
  at: string;
  operation: string;
  outcome: "done" | "failed" | "refused";
  detail: string;
  /** The registrant a `register` line is about, else null. */
  registrantId: string | null;
}

/** `GET /webinars/{id}/delivery`: the event's session on its delivery platform. */
export interface WebinarDelivery {
  /** null when the event is not delivered on a platform (then `status` is `none`). */
  platform: DeliverySessionPlatform | null;
  status: DeliverySessionStatus;
  /** The platform's words when it refused (the session, or the latest refused registration), else "". */
  message: string;
  /** The platform's id of what it holds, "" until created. */
  remoteId: string;
  /** What the platform holds: `webinar` (Zoom, GoTo), `meeting` (Zoom without the webinar plan) or `broadcast` (YouTube); "" until created. */
  remoteKind: string;
  /** Registrations by state; YouTube has none (its viewers watch in Cuepoint's room), so all 0. */
  registrants: { registered: number; pending: number; refused: number };
  /** The newest 50 lines, newest first. */
  log: DeliveryLogLine[];
}

/**
 * `GET /webinars/{id}/delivery/youtube`: the event's YouTube Live broadcast as YouTube has it now.
 * YouTube's values are passed on as it spells them ("" when it could not be asked).
 */
export interface YouTubeBroadcastState {
  broadcastId: string;
  /** The broadcast's page in YouTube Studio, for the host. */
  studioUrl: string;
  /** `created`, `ready`, `testStarting`, `testing`, `liveStarting`, `live`, `complete`, `revoked`. */
  lifeCycleStatus: string;
  privacyStatus: string;
  /** The bound stream's state: `active`, `ready`, `inactive`, `created`, `error`. */
  streamStatus: string;
  /** Where the encoder sends (RTMP). */
  ingestionAddress: string;
  backupIngestionAddress: string;
  /** The secret stream key: anyone holding it can broadcast to the event. */
  streamName: string;
  /** YouTube's words when it could not be asked (an expired sign-in, the quota) or the broadcast is gone, else "". */
  message: string;
}
