import type {
  AutomationSettingsQuery,
  AutomationSettingsRequest,
  DeliveriesQuery,
  LiveScriptQuery,
  RecordAttendanceRequest,
  SimulateRequest,
} from "../schemas/requests/automation.js";
import type { AutoresponderTestRequest } from "../schemas/requests/autoresponder.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
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
  /** `GET /automation/scheduled`: the jobs, 50 a page. @example await client.automation.scheduled({ webinarID }) */
  scheduled(query: DeliveriesQuery): CuepointPromise<Page<ScheduledAction>>;
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

/** The automation engine (design): settings, attendance, delivery log, dry run, live script. */
export const automation = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): AutomationResource =>
  group<AutomationResource>(call, {
    settings: "GET /automation/settings",
    updateSettings: "PUT /automation/settings",
    recordAttendance: "POST /automation/attendance",
    deliveries: "GET /automation/deliveries",
    scheduled: "GET /automation/scheduled",
    simulate: "POST /automation/simulate",
    liveScript: "GET /automation/livescript",
    testAutoresponder: "POST /automation/autoresponder/test",
  });
