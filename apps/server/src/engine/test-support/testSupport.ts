import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { createClient, type Client } from "@cuepoint/sdk";
import type { ServerConfig } from "../../config/serverConfig.js";
import { registrants, scheduledActions, type TimelineRow } from "../../db/schema/index.js";
import { setPublicRateLimits } from "../../registration/rateLimits.js";
import { mailNode, type NodeInput } from "../../test-support/timelineFixtures.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";
import { insertTimeline } from "../../webinars/attendanceData.js";
import { occurrences } from "../../webinars/recurrence.js";
import { storeSchedule } from "../../webinars/schedule.js";
import { PermanentActionError, RetryableActionError, type ExecuteAction } from "../../integrations/actions/types.js";
import { startEngine, type Engine, type EngineOptions } from "../engine.js";

/**
 * Test support for the engine: an HTTP peer on 127.0.0.1 that counts deliveries by idempotency
 * key, an executor that delivers to it, and the app on a clock the test moves.
 */

/** What makes a sendMail node ready to queue (spec §5 fields and an integration). */
const SMTP_FIELDS = {
  integrationType: "SMTP",
  integrationID: "smtp-test",
  model: { emailFrom: "events@example.com", emailSubject: "See you soon", message: "Hi {name}" },
};

/** `mailNode` (9:00 AM exact, `days` before/after) made ready to queue. */
export const readyMail = (days: number, isAfter: 1 | -1, fields: Partial<NodeInput> = {}): NodeInput =>
  mailNode(days, isAfter, { ...SMTP_FIELDS, ...fields });

/**
 * `mailNode` made a ready sendsms node (10:00 PM, `days` before/after) through the TWILIO
 * integration `integrationID`, texting `smsText` to `phonenumber`.
 *
 * @example
 * readySms(1, -1, { id: "sms", integrationID: "twilio-test", smsText: "Hi", phonenumber: "+15550100" });
 */
export const readySms = (
  days: number,
  isAfter: 1 | -1,
  sms: { id: string; integrationID: string; smsText: string; phonenumber: string },
): NodeInput =>
  mailNode(days, isAfter, {
    id: sms.id,
    hours: 10,
    amPm: "PM",
    action: "sendsms",
    integrationType: "TWILIO",
    integrationID: sms.integrationID,
    model: { smsText: sms.smsText, phonenumber: sms.phonenumber },
  });

/** A relative sendMail node, ready to queue. */
export const readyNode = (fields: Partial<NodeInput>): NodeInput => ({ action: "sendMail", groupID: "3", ...SMTP_FIELDS, ...fields });

export interface Peer {
  url: string;
  /** Deliveries per idempotency key, in arrival order. */
  received: Map<string, number>;
  /** Every delivery's key in arrival order. */
  log: string[];
  /** The next `count` deliveries answer `status`. */
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

/** An HTTP peer that answers 200 and counts each `Idempotency-Key`. */
export async function startPeer(): Promise<Peer> {
  const received = new Map<string, number>();
  const log: string[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 200 };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const key = String(request.headers["idempotency-key"] ?? "");
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        response.writeHead(failures.status).end();
        return;
      }
      received.set(key, (received.get(key) ?? 0) + 1);
      log.push(key);
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    log,
    failNext: (count, status) => (failures = { count, status }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A small executor for tests: POSTs the job to the peer with its idempotency key. 5xx and network
 * errors are retryable, 4xx permanent.
 */
export const peerExecutor =
  (peer: Peer): ExecuteAction =>
  async (_ctx, job) => {
    let response: Response;
    try {
      response = await fetch(peer.url, {
        method: "POST",
        headers: { "idempotency-key": job.idempotencyKey, "content-type": "application/json" },
        body: JSON.stringify({ action: job.node.action, email: job.registrant.email, attempt: job.attempt }),
      });
    } catch (error) {
      throw new RetryableActionError(`peer unreachable: ${(error as Error).message}`);
    }
    if (response.status >= 500) throw new RetryableActionError(`HTTP ${response.status}`);
    if (response.status >= 400) throw new PermanentActionError(`HTTP ${response.status}`);
    return { status: "sent", detail: `HTTP ${response.status}` };
  };

export interface EngineTestApp extends TestApp {
  now(): Date;
  setNow(date: Date | string): void;
  advance(ms: number): void;
  owner: Client;
  accountId: string;
  timeline: TimelineRow;
  stranger: Client;
  peer: Peer;
  engine: Engine;
  /** Saves the timeline's blocks through the API (the reschedule hook runs). */
  setBlocks(blocks: Record<string, NodeInput[]>): Promise<Record<string, { id?: string }[]>>;
  /** Stores an event at a local start of the timeline's zone; answers its id. */
  addEvent(startLocal: string): Promise<string>;
  /** A registrant's scheduled actions by node key, in planned order: due instant, status, detail. */
  jobsOf(registrantId: string): Promise<Record<string, { at: string; status: string; detail: string }>>;
  /** Registers through the public registration endpoint; answers the registrant id. */
  register(email: string, fields?: { eventId?: string; timeZone?: string; smsConsent?: boolean }): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The app, an owner, a timeline (America/Los_Angeles), a peer and an engine that does not poll.
 * `config` is the app's and the engine's (e.g. `joinDomains`), on the test's clock.
 */
export async function createEngineTestApp(
  start: string,
  engineOptions: Partial<EngineOptions> = {},
  config: Partial<Omit<ServerConfig, "now">> = {},
): Promise<EngineTestApp> {
  let now = new Date(start);
  const t = await createTestApp({ ...config, now: () => now });
  setPublicRateLimits(t.db, { perIp: { max: 100_000, windowMs: 60_000 }, perTimeline: { max: 100_000, windowMs: 60_000 } });
  const owner = await t.user({ name: "Olivia Owner" });
  const stranger = await t.user();
  const ownerClient = t.client(await t.login(owner.email, owner.password, true));
  const strangerClient = t.client(await t.login(stranger.email, stranger.password, true));
  const timeline = await insertTimeline(t.db.orm, owner.accountId, { name: "Launch webinar", timeZone: "America/Los_Angeles" });
  const peer = await startPeer();
  const engine = await startEngine({
    db: t.db,
    config: { publicURL: "https://cuepoint.test", ...config, now: () => now },
    execute: peerExecutor(peer),
    loop: false,
    retry: { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 10 * 60_000 },
    ...engineOptions,
  });
  const publicClient = createClient({
    apiURL: "http://localhost/api",
    fetch: (input, init) => t.app.request(input instanceof Request ? input : String(input), init),
    xsrf: false,
  });
  return {
    ...t,
    now: () => now,
    setNow: (date) => (now = new Date(date)),
    advance: (ms) => (now = new Date(now.getTime() + ms)),
    owner: ownerClient,
    accountId: owner.accountId,
    timeline,
    stranger: strangerClient,
    peer,
    engine,
    async jobsOf(registrantId) {
      const rows = await t.db.orm
        .select()
        .from(scheduledActions)
        .where(eq(scheduledActions.registrantId, registrantId))
        .orderBy(asc(scheduledActions.plannedAt));
      return Object.fromEntries(rows.map((j) => [j.nodeKey, { at: j.dueAt.toISOString(), status: j.status, detail: j.detail }]));
    },
    async setBlocks(blocks) {
      const { success } = await ownerClient.timelines.setEvents({ webinarTimeline: timeline.id, blocks, isPast: false });
      return success as Record<string, { id?: string }[]>;
    },
    async addEvent(startLocal) {
      const zone = timeline.setting.general.timeZone;
      const { rows } = await storeSchedule(t.db.orm, {
        accountId: timeline.accountId,
        timelineId: timeline.id,
        name: "Launch",
        timeZone: zone,
        startLocal,
        starts: occurrences(startLocal, zone, undefined, new Date(0)),
        now,
      });
      return rows[0]?.id ?? "";
    },
    async register(email, fields = {}) {
      const { success } = await publicClient.registration.register(timeline.id, { email, name: email.split("@")[0], eventId: fields.eventId });
      if (fields.timeZone !== undefined || fields.smsConsent !== undefined) {
        await t.db.orm
          .update(registrants)
          .set({ timeZone: fields.timeZone ?? "", smsConsent: fields.smsConsent ?? false })
          .where(eq(registrants.uuid, success.registrantId));
      }
      return success.registrantId;
    },
    async stop() {
      await engine.stop();
      await peer.close();
      await t.close();
    },
  };
}
