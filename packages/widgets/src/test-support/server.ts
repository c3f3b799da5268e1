import { createClient, registrationResource, type Client } from "@cuepoint/sdk";
import { insertEvent, insertTimeline } from "../../../../apps/server/src/leads/test-support/testFixtures.js";
import { setPublicRateLimits } from "../../../../apps/server/src/registration/rateLimits.js";
import { createMediaTestApp } from "../../../../apps/server/src/test-support/mediaUpload.js";
import type { TestApp } from "../../../../apps/server/src/test-support/testApp.js";
import { createLiteFetcher } from "../core/liteFetcher.js";
import type { RegistrationApi } from "../core/registration/types.js";

const HOUR = 3_600_000;

/** The real server in-process (PGlite), an account, and helpers to make registration forms on it. */
export interface WidgetServer {
  t: TestApp;
  owner: Client;
  /** The owner's token (for the uploader). */
  token: string;
  accountId: string;
  /** A timeline with sessions in 1 h ("Tuesday") and 25 h ("Wednesday"), and its registration setting. */
  timeline(registration?: object): Promise<{ timelineId: string; next: string; later: string }>;
  /** The public api as a page on `page` reaches it, through the widgets' lite fetcher. */
  api(page?: string): RegistrationApi;
  close(): Promise<void>;
}

export async function startWidgetServer(): Promise<WidgetServer> {
  const t = await createMediaTestApp();
  setPublicRateLimits(t.db, { perIp: { max: 1000, windowMs: 60_000 }, perTimeline: { max: 1000, windowMs: 60_000 } });
  const user = await t.user();
  const token = await t.login(user.email);
  const owner = t.client(token);
  return {
    t,
    owner,
    token,
    accountId: user.accountId,
    async timeline(registration = {}) {
      const timelineId = await insertTimeline(t.db.orm, user.accountId, {
        registration,
        general: { timeZone: "Europe/Paris", timelineName: "Launch" },
      });
      const now = Date.now();
      const at = (ms: number, name: string) =>
        insertEvent(t.db.orm, { accountId: user.accountId, timelineId, startsAt: new Date(now + ms), name });
      return { timelineId, next: await at(HOUR, "Tuesday"), later: await at(25 * HOUR, "Wednesday") };
    },
    api(page = "https://www.example.com") {
      return registrationResource(
        createLiteFetcher("http://localhost/api", async (input, init) =>
          t.app.request(String(input), { ...init, headers: { ...(init?.headers as object), origin: page } }),
        ),
      );
    },
    close: () => t.close(),
  };
}

/** The SDK's own client as a visitor's page would use it (no token, no XSRF echo). */
export const visitorClient = (server: WidgetServer) =>
  createClient({
    apiURL: "http://localhost/api",
    fetch: (input, init) => server.t.app.request(input instanceof Request ? input : String(input), init),
    xsrf: false,
  });
