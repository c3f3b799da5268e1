import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_UPDATE_FAILED, PLAN_CANCEL_FAILED, PLAN_CHANGE_FAILED } from "./account.js";
import { createClient } from "./createClient.js";
import { PlanError } from "./errors.js";
import { startRecorder, type Recorder } from "./test-support/recorder.js";

let server: Recorder;
beforeAll(async () => {
  server = await startRecorder();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const client = () => createClient({ apiURL: server.url, token: "t" });

describe("plan errors (spec §8), word for word", () => {
  it("the fallback texts", () => {
    expect(PLAN_CHANGE_FAILED).toBe("There was an error changing plans. Please reach out to support.");
    expect(PLAN_CANCEL_FAILED).toBe("There was an error canceling your subscription. Please reach out to support.");
    expect(PAYMENT_UPDATE_FAILED).toBe(
      "There was an error updating your payment information. Please reach out to support.",
    );
  });

  it("plan change: the server's error first", async () => {
    server.script("PUT /user/plan", { status: 402, body: { error: "Card declined", message: "Payment required" } });
    const error = await client().account.changePlan({ plan: "advanced", frequency: "monthly" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanError);
    expect(error).toMatchObject({ message: "Card declined", status: 402 });
  });

  it("plan change: else the server's message", async () => {
    server.script("PUT /user/plan", { status: 422, body: { message: "Already on this plan" } });
    await expect(client().account.changePlan({ plan: "advanced", frequency: "monthly" })).rejects.toThrow(
      "Already on this plan",
    );
  });

  it("plan change: else the fixed text", async () => {
    server.script("PUT /user/plan", { status: 500 }, { status: 500, body: {} });
    await expect(client().account.changePlan({ plan: "a", frequency: "yearly" })).rejects.toThrow(
      "There was an error changing plans. Please reach out to support.",
    );
    await expect(client().account.changePlan({ plan: "a", frequency: "yearly" })).rejects.toThrow(PLAN_CHANGE_FAILED);
  });

  it("plan change: a network failure gets the fixed text", async () => {
    const offline = createClient({ apiURL: "http://127.0.0.1:1" });
    const error = await offline.account.changePlan({ plan: "a", frequency: "yearly" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanError);
    expect((error as PlanError).message).toBe(PLAN_CHANGE_FAILED);
  });

  it("cancellation: always the fixed text, even with a server message", async () => {
    server.script("DELETE /user/plan", { status: 500, body: { message: "Stripe exploded" } });
    const error = await client().account.cancelPlan().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanError);
    expect(error).toMatchObject({
      message: "There was an error canceling your subscription. Please reach out to support.",
      status: 500,
      data: { message: "Stripe exploded" },
    });
  });

  it("payment update: always the fixed text", async () => {
    server.script("PUT /user/payment", { status: 400, body: { error: "No such payment method" } });
    await expect(client().account.updatePayment("pm_x")).rejects.toThrow(
      "There was an error updating your payment information. Please reach out to support.",
    );
  });

  it("success resolves the data", async () => {
    server.script("PUT /user/plan", { body: { success: { plan: "advanced", frequency: "yearly", status: "active" } } });
    await expect(client().account.changePlan({ plan: "advanced", frequency: "yearly" })).resolves.toEqual({
      success: { plan: "advanced", frequency: "yearly", status: "active" },
    });
  });
});
