import { describe, expect, it } from "vitest";
import { defaultConfig } from "../../config/serverConfig.js";
import { executorFor } from "../../integrations/services/index.js";
import { checkActionReady, executeAction, type ActionContext } from "./index.js";
import { makeJob } from "../../integrations/test-support/jobs.js";

/** Skips never touch the database: this context has none, so a test fails loudly if one does. */
const ctx: ActionContext = { db: undefined as never, config: defaultConfig(), now: () => new Date() };
const job = (integrationType: string, action: string, model: Record<string, unknown> = {}, integrationID = "id-1") =>
  makeJob({ accountId: "acct-1", integrationType, action, model, integrationID });

describe("executeAction dispatch", () => {
  it.each(["livechat", "cta", "changesubject"])("skips the live-event action %s: the event's live script runs it", async (action) => {
    await expect(executeAction(ctx, job("AEVENT", action, { message: "Hi" }))).resolves.toEqual({
      status: "skipped",
      reason: "live-event action: part of the event's live script",
    });
  });

  it("skips, naming it, an action this server has no executor for", async () => {
    await expect(executeAction(ctx, job("TWILIO", "addTag"))).resolves.toEqual({
      status: "skipped",
      reason: "no executor for addTag on TWILIO yet",
    });
    await expect(executeAction(ctx, job("", ""))).resolves.toEqual({
      status: "skipped",
      reason: "no executor for (no action) on (no integration) yet",
    });
  });

  it("has one executor for each action of issue 6", () => {
    const covered = [
      ["WEBHOOK", "sendWebhook"], ["ZAPIER", "sendWebhook"], ["SMTP", "sendMail"], ["TWILIO", "sendsms"],
      ["TWILIO", "sendmms"], ["MAILCHIMP", "addTag"], ["MAILCHIMP", "removeTag"], ["MAILCHIMP", "moveList"],
      ["ACTIVECAMPAIGN", "addTag"], ["ACTIVECAMPAIGN", "removeTag"], ["ACTIVECAMPAIGN", "moveList"],
      ["HUBSPOT", "addToWorkflow"], ["HUBSPOT", "moveList"],
    ] as const;
    expect(covered.filter(([kind, action]) => !executorFor(kind, action))).toEqual([]);
    expect(executorFor("TWILIO", "addTag")).toBeUndefined();
  });
});

describe("checkActionReady", () => {
  it("applies the SDK's per-integration required fields (spec §5)", () => {
    expect(checkActionReady(job("TWILIO", "sendsms", { smsText: "Hi", phonenumber: "+15550001111" }).node)).toEqual({ ok: true });
    expect(checkActionReady(job("TWILIO", "sendsms", { phonenumber: "+15550001111" }).node)).toEqual({
      ok: false,
      field: "smsText",
      message: "Enter the SMS text",
    });
    expect(checkActionReady(job("WEBHOOK", "sendWebhook", { webhook: "not a url" }).node)).toMatchObject({ ok: false, field: "webhook" });
    expect(checkActionReady(job("HUBSPOT", "addToWorkflow", {}).node)).toMatchObject({ ok: false, field: "workflowName" });
  });

  it("checks picked values against cached lists when given", () => {
    const node = job("MAILCHIMP", "addTag", { listName: "aud1", tagName: "Buyer" }).node;
    const lists = { tags: [{ id: "t1", name: "lead" }] };
    expect(checkActionReady(node, { lists })).toEqual({
      ok: false,
      field: "tagName",
      message: "Pick a tag that exists in this Mailchimp account",
    });
    expect(checkActionReady(node)).toEqual({ ok: true });
  });

  it("needs an integration for actions that run through one, an action, and a known kind", () => {
    const sms = { smsText: "Hi", phonenumber: "+15550001111" };
    expect(checkActionReady(job("TWILIO", "sendsms", sms, " ").node)).toMatchObject({ ok: false, field: "integrationID" });
    expect(checkActionReady(job("AEVENT", "livechat", { message: "Welcome" }, "").node)).toEqual({ ok: true });
    expect(checkActionReady(job("TWILIO", "").node)).toEqual({ ok: false, field: "action", message: "Pick an action" });
    expect(checkActionReady(job("FAXMACHINE", "sendsms").node)).toMatchObject({ ok: false, field: "integrationType" });
  });
});
