import type {
  AutomationSettingsQuery,
  AutomationSettingsRequest,
  CancelScheduledRequest,
  DeliveriesQuery,
  LiveScriptQuery,
  RecordAttendanceRequest,
  ResendScheduledRequest,
  ScheduledActionsQuery,
  ScheduledQuery,
  SimulateRequest,
} from "../schemas/requests/automation.js";
import type { AutoresponderTestRequest } from "../schemas/requests/autoresponder.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { route, type CallOf } from "./route.js";
import type { Page, Success } from "./types.js";

/** A timeline's catch-up policy and quiet hours. */
export interface AutomationSettings {
  catchUp: { mode: "skip" | "latest" | "all"; windowMinutes: number };
  quietHours: { enabled: boolean; start: string; end: string };
}

/** One outcome in the delivery log. */
export interface Delivery {
  id: string;
  scheduledActionId: string;
  timelineId: string;
  eventId: string;
  registrantId: string;
  nodeKey: string;
  action: string;
  outcome: "sent" | "skipped" | "failed" | "dead" | "deferred" | "canceled";
  attempt: number;
  detail: string;
  /** When the timeline math put it, UTC ISO. */
  dueAt: string;
  at: string;
  /** The action's title in the timeline (its label when untitled; "Autoresponder: reminder"…). */
  actionTitle: string;
  registrantName: string;
  registrantEmail: string;
}

/** One job: an action for one registrant of one event (the editor's Scheduled Events). */
export interface ScheduledAction {
  id: string;
  timelineId: string;
  eventId: string;
  registrantId: string;
  nodeKey: string;
  action: string;
  plannedAt: string;
  dueAt: string;
  status: "pending" | "queued" | "sent" | "skipped" | "dead" | "canceled";
  attempts: number;
  detail: string;
  /** The action's title in the timeline (its label when untitled; "Autoresponder: reminder"…). */
  actionTitle: string;
  registrantName: string;
  registrantEmail: string;
}

/** One action's jobs in a timeline or an event, counted by state. */
export interface ScheduledActionSummary {
  nodeKey: string;
  action: string;
  actionTitle: string;
  /** Jobs by state (`pending`, `queued`, `sent`, `skipped`, `dead`, `canceled`); absent states are 0. */
  counts: Record<ScheduledAction["status"], number>;
  /** The soonest waiting job's due instant, UTC ISO; null when none waits. */
  nextDueAt: string | null;
}

/** What the dry run says about one action. */
export interface SimulatedAction {
  nodeKey: string;
  action: string;
  actionTitle: string;
  groupID: string;
  groupName: string;
  dueAt: string | null;
  /** `YYYY-MM-DD HH:mm` in the registrant's zone. */
  dueLocal: string | null;
  runAt: string | null;
  runLocal: string | null;
  outcome: "sent" | "skipped" | "deferred" | "live" | "draft";
  reason: string;
}

/** An event's live script. */
export interface LiveScript {
  webinarID: string;
  startTime: string;
  items: { nodeKey: string; action: string; at: string; offsetSeconds: number; model: Record<string, unknown> }[];
}

export interface AutomationResource {
  /** `GET /automation/settings`. @example const { success } = await client.automation.settings({ webinarTimeline }) */
  settings(query: AutomationSettingsQuery): CuepointPromise<Success<AutomationSettings>>;
  /**
   * `PUT /automation/settings`: catch-up policy and/or quiet hours.
   *
   * @example
   * await client.automation.updateSettings({ webinarTimeline, catchUp: { mode: "skip", windowMinutes: 0 } })
   */
  updateSettings(body: AutomationSettingsRequest): CuepointPromise<Success<AutomationSettings>>;
  /**
   * `POST /automation/attendance`: the event platform reports a registrant's total seconds in the room.
   *
   * @example
   * await client.automation.recordAttendance({ webinarID, uuid, attendedSeconds: 1800 })
   */
  recordAttendance(body: RecordAttendanceRequest): CuepointPromise<Success<{ webinarID: string; uuid: string; attendedSeconds: number }>>;
  /** `GET /automation/deliveries`: the delivery log, 50 a page. @example await client.automation.deliveries({ uuid }) */
  deliveries(query: DeliveriesQuery): CuepointPromise<Page<Delivery>>;
  /** `GET /automation/scheduled`: the jobs, 50 a page. @example await client.automation.scheduled({ webinarID, status: "waiting" }) */
  scheduled(query: ScheduledQuery): CuepointPromise<Page<ScheduledAction>>;
  /**
   * `GET /automation/scheduled/actions`: a timeline's or an event's jobs counted per action.
   *
   * @example
   * const { success } = await client.automation.scheduledActions({ webinarID });
   */
  scheduledActions(query: ScheduledActionsQuery): CuepointPromise<Success<ScheduledActionSummary[]>>;
  /**
   * `POST /automation/scheduled/cancel`: cancels one registrant's waiting job of an action (`uuid`),
   * or every waiting job of the action in the event or timeline.
   *
   * @example
   * await client.automation.cancelScheduled({ webinarID, nodeKey: "n1" }); // { success: { canceled: 120 } }
   */
  cancelScheduled(body: CancelScheduledRequest): CuepointPromise<Success<{ canceled: number }>>;
  /**
   * `POST /automation/scheduled/resend`: a failed job (dead letter) runs again now.
   *
   * @example
   * await client.automation.resendScheduled({ webinarID, nodeKey: "n1", uuid });
   */
  resendScheduled(body: ResendScheduledRequest): CuepointPromise<Success<ScheduledAction>>;
  /**
   * `POST /automation/simulate`: the dry run for a hypothetical registrant.
   *
   * @example
   * await client.automation.simulate({ webinarTimeline, webinarID, timeZone: "Europe/Berlin" })
   */
  simulate(body: SimulateRequest): CuepointPromise<Success<SimulatedAction[]>>;
  /** `GET /automation/livescript`. @example await client.automation.liveScript({ webinarID }) */
  liveScript(query: LiveScriptQuery): CuepointPromise<Success<LiveScript>>;
  /**
   * `POST /automation/autoresponder/test`: mails one autoresponder message, as given, to the
   * host's own address through the chosen SMTP integration, filled for the sample registrant.
   * 400 on `integrationID` when there is no SMTP integration or it is not connected.
   *
   * @example
   * await client.automation.testAutoresponder({ webinarTimeline, subject: "Hi {first_name}", body, integrationID });
   * // { success: { to: "host@example.com", integrationID: "…" } }
   */
  testAutoresponder(body: AutoresponderTestRequest): CuepointPromise<Success<AutoresponderTestSent>>;
}

/** Where "send me a test" went. */
export interface AutoresponderTestSent {
  /** The host's own address. */
  to: string;
  /** The SMTP integration that sent it. */
  integrationID: string;
}

/** `GET /automation/settings`. @example const { success } = await automationSettings(client, { webinarTimeline }) */
export const automationSettings: CallOf<AutomationResource["settings"]> = /* @__PURE__ */ route("GET /automation/settings");

/**
 * `PUT /automation/settings`: catch-up policy and/or quiet hours.
 *
 * @example
 * await automationUpdateSettings(client, { webinarTimeline, catchUp: { mode: "skip", windowMinutes: 0 } })
 */
export const automationUpdateSettings: CallOf<AutomationResource["updateSettings"]> = /* @__PURE__ */ route("PUT /automation/settings");

/**
 * `POST /automation/attendance`: the event platform reports a registrant's total seconds in the
 * room.
 *
 * @example
 * await automationRecordAttendance(client, { webinarID, uuid, attendedSeconds: 1800 })
 */
export const automationRecordAttendance: CallOf<AutomationResource["recordAttendance"]> = /* @__PURE__ */ route("POST /automation/attendance");

/** `GET /automation/deliveries`: the delivery log, 50 a page. @example await automationDeliveries(client, { uuid }) */
export const automationDeliveries: CallOf<AutomationResource["deliveries"]> = /* @__PURE__ */ route("GET /automation/deliveries");

/** `GET /automation/scheduled`: the jobs, 50 a page. @example await automationScheduled(client, { webinarID, status: "waiting" }) */
export const automationScheduled: CallOf<AutomationResource["scheduled"]> = /* @__PURE__ */ route("GET /automation/scheduled");

/**
 * `GET /automation/scheduled/actions`: a timeline's or an event's jobs counted per action.
 *
 * @example
 * const { success } = await automationScheduledActions(client, { webinarID });
 */
export const automationScheduledActions: CallOf<AutomationResource["scheduledActions"]> = /* @__PURE__ */ route("GET /automation/scheduled/actions");

/**
 * `POST /automation/scheduled/cancel`: cancels one registrant's waiting job of an action (`uuid`),
 * or every waiting job of the action in the event or timeline.
 *
 * @example
 * await automationCancelScheduled(client, { webinarID, nodeKey: "n1" }); // { success: { canceled: 120 } }
 */
export const automationCancelScheduled: CallOf<AutomationResource["cancelScheduled"]> = /* @__PURE__ */ route("POST /automation/scheduled/cancel");

/**
 * `POST /automation/scheduled/resend`: a failed job (dead letter) runs again now.
 *
 * @example
 * await automationResendScheduled(client, { webinarID, nodeKey: "n1", uuid });
 */
export const automationResendScheduled: CallOf<AutomationResource["resendScheduled"]> = /* @__PURE__ */ route("POST /automation/scheduled/resend");

/**
 * `POST /automation/simulate`: the dry run for a hypothetical registrant.
 *
 * @example
 * await automationSimulate(client, { webinarTimeline, webinarID, timeZone: "Europe/Berlin" })
 */
export const automationSimulate: CallOf<AutomationResource["simulate"]> = /* @__PURE__ */ route("POST /automation/simulate");

/** `GET /automation/livescript`. @example await automationLiveScript(client, { webinarID }) */
export const automationLiveScript: CallOf<AutomationResource["liveScript"]> = /* @__PURE__ */ route("GET /automation/livescript");

/**
 * `POST /automation/autoresponder/test`: mails one autoresponder message, as given, to the host's
 * own address through the chosen SMTP integration, filled for the sample registrant. 400 on
 * `integrationID` when there is no SMTP integration or it is not connected.
 *
 * @example
 * await automationTestAutoresponder(client, { webinarTimeline, subject: "Hi {first_name}", body, integrationID });
 * // { success: { to: "host@example.com", integrationID: "…" } }
 */
export const automationTestAutoresponder: CallOf<AutomationResource["testAutoresponder"]> = /* @__PURE__ */ route("POST /automation/autoresponder/test");

/** The automation engine (design): settings, attendance, delivery log, dry run, live script. */
export const automation = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): AutomationResource =>
  group<AutomationResource>(call, {
    settings: automationSettings,
    updateSettings: automationUpdateSettings,
    recordAttendance: automationRecordAttendance,
    deliveries: automationDeliveries,
    scheduled: automationScheduled,
    scheduledActions: automationScheduledActions,
    cancelScheduled: automationCancelScheduled,
    resendScheduled: automationResendScheduled,
    simulate: automationSimulate,
    liveScript: automationLiveScript,
    testAutoresponder: automationTestAutoresponder,
  });
