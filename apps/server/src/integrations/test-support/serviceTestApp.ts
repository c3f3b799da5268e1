import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { executeAction } from "../../engine/actions/index.js";
import { actionContext } from "./jobs.js";
import type { ActionJob, ActionOutcome } from "../actions/types.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";
import { startFakeService, type FakeRoutes, type FakeService } from "./fakeService.js";
import { pointServicesAt } from "./serviceEnv.js";

/** What a service's test file works with; filled in by the file's `beforeAll`. */
export interface ServiceTestApp<F extends FakeService> {
  /** The server, on PGlite or PostgreSQL, its clock a test clock. */
  t: TestApp;
  /** A logged-in host's SDK client. */
  owner: Client;
  /** The host's account. */
  accountId: string;
  /** The vendor's loopback fake every kind's base URL points at; its requests are cleared before each test. */
  fake: F;
  /** Carries out a job as the scheduler does: through the registry (`executeAction`). */
  execute(job: ActionJob): Promise<ActionOutcome>;
}

/**
 * The setup every service test repeats, once: starts the vendor's loopback fake (its routes, or
 * its own starter), points every kind's API and OAuth URLs at it, starts the server and logs a
 * new host in; clears the fake's requests before each test; closes both and restores the
 * environment after the file. Call it at the top of a test file.
 *
 * @example
 * const app = serviceTestApp(startFakeClickSend);
 * it("checks", async () => {
 *   await app.owner.integrations.test(id);
 *   expect(app.fake.calls("GET /v3/account")).toHaveLength(1);
 * });
 */
export function serviceTestApp<F extends FakeService = FakeService>(fake: FakeRoutes | (() => Promise<F>)): ServiceTestApp<F> {
  const app = {} as ServiceTestApp<F>;
  let restoreEnv: (() => void) | undefined;
  beforeAll(async () => {
    app.fake = typeof fake === "function" ? await fake() : ((await startFakeService(fake)) as F);
    restoreEnv = pointServicesAt(app.fake.url);
    app.t = await createTestApp();
    const user = await app.t.user();
    app.accountId = user.accountId;
    app.owner = app.t.client(await app.t.login(user.email));
    app.execute = (job) => executeAction(actionContext(app.t), job);
  });
  beforeEach(() => {
    app.fake.requests.length = 0;
  });
  afterAll(async () => {
    restoreEnv?.();
    await Promise.all([app.t?.close(), app.fake?.close()]);
  });
  return app;
}
