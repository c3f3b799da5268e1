import * as v from "valibot";
import { TimelineNodeSchema } from "@cuepoint/sdk";
import { defaultConfig } from "../../config/serverConfig.js";
import type { TestApp } from "../../test-support/testApp.js";
import type { ActionContext, ActionJob } from "../actions/types.js";

/** The context executors get, on a test app's database and clock. */
export const actionContext = (t: TestApp): ActionContext => ({
  db: t.db,
  config: defaultConfig({ now: t.clock.now }),
  now: t.clock.now,
});

export interface JobInput {
  accountId: string;
  integrationType: string;
  action: string;
  integrationID?: string;
  model?: Record<string, unknown>;
  registrant?: Partial<ActionJob["registrant"]>;
  event?: Partial<ActionJob["event"]>;
}

/**
 * A job as the scheduler builds it: Ada Lovelace (New York) registered for "Scaling Webinars",
 * Tuesday 5 March 2024 at 14:00 UTC (9:00 AM in New York, 6:00 AM in Los Angeles).
 */
export function makeJob(input: JobInput): ActionJob {
  const node = v.parse(TimelineNodeSchema, {
    id: "node-1",
    key: "node-1",
    action: input.action,
    actionTitle: "Test action",
    integrationID: input.integrationID ?? "",
    integrationType: input.integrationType,
    model: input.model ?? {},
  });
  return {
    accountId: input.accountId,
    timeline: { id: "timeline-1", name: "Launch timeline" },
    node,
    registrant: {
      id: "reg-7",
      email: "ada@example.com",
      name: "Ada Lovelace",
      phone: "+15551230007",
      timeZone: "America/New_York",
      fields: { company: "Analytical Engines" },
      smsConsent: true,
      ...input.registrant,
    },
    event: {
      id: "evt-3",
      name: "Scaling Webinars",
      startsAt: new Date("2024-03-05T14:00:00Z"),
      timeZone: "America/Los_Angeles",
      joinUrl: "https://join.example.com/evt-3?r=reg-7",
      replayUrl: "https://join.example.com/evt-3/replay",
      ...input.event,
    },
    dueAt: new Date("2024-03-04T14:00:00Z"),
    idempotencyKey: "node-1:reg-7:evt-3",
    attempt: 1,
  };
}
