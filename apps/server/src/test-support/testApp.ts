import { createClient, type Client } from "@cuepoint/sdk";
import type { Hono } from "hono";
import { createApp } from "../app.js";
import { defaultConfig, type ServerConfig } from "../config/serverConfig.js";
import type { UserRow } from "../db/schema/index.js";
import type { Database } from "../db/types.js";
import { memoryMailer } from "../mail/mailer.js";
import { createMediaProcessing, type MediaProcessing, type MediaProcessingOptions } from "../media/processing.js";
import { createLocalMediaStore } from "../media/store.js";
import { createUser, type NewUser } from "../users/users.js";
import { openTestDatabase } from "./testDatabase.js";

export const PASSWORD = "Webinar#2024";

/** A clock the test moves: sessions and reset links expire by it. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface TestApp {
  app: Hono;
  db: Database;
  mailer: ReturnType<typeof memoryMailer>;
  clock: TestClock;
  /** The app's media processor: `await t.mediaProcessing.idle()` waits for the videos being processed. */
  mediaProcessing: MediaProcessing;
  /** The SDK client talking to the app in-process, with `token` as its bearer token. */
  client(token?: string): Client;
  /** A new account with one user (password {@link PASSWORD} unless given). */
  user(fields?: Partial<NewUser>): Promise<UserRow & { password: string }>;
  /** Logs in through the SDK and answers the session token. */
  login(email: string, password?: string, remember?: boolean): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * The server on a fresh test database, driven through the real SDK client with the app's own
 * `request` as its fetch: the SDK and the server are checked against each other, no mocks.
 */
export async function createTestApp(
  config: Partial<ServerConfig> = {},
  processing: Pick<MediaProcessingOptions, "processOnUpload"> = {},
): Promise<TestApp> {
  const db = await openTestDatabase();
  let offset = 0;
  const clock: TestClock = { now: () => new Date(Date.now() + offset), advance: (ms) => (offset += ms) };
  const mailer = memoryMailer();
  const settled = defaultConfig({ now: clock.now, publicURL: "https://cuepoint.test", ...config });
  const media = createLocalMediaStore(settled.mediaDir);
  const mediaProcessing = createMediaProcessing({ orm: db.orm, media, now: clock.now, ...processing });
  const app = createApp({ db, mailer, config: settled, media, mediaProcessing });
  const client = (token?: string) =>
    createClient({
      apiURL: "http://localhost/api",
      fetch: (input, init) => app.request(input instanceof Request ? input : String(input), init),
      token,
      xsrf: false,
    });
  return {
    app,
    db,
    mailer,
    clock,
    mediaProcessing,
    client,
    async user(fields = {}) {
      const password = fields.password ?? PASSWORD;
      const row = await createUser(db.orm, {
        email: `user${++counter}.${Date.now()}@example.com`,
        role: "advanced",
        name: "Test User",
        ...fields,
        password,
      });
      return { ...row, password };
    },
    async login(email, password = PASSWORD, remember = false) {
      const { success } = await client().session.login(email, password, { remember });
      if (!success.api_token) throw new Error("login answered no token");
      return success.api_token;
    },
    close: async () => {
      await mediaProcessing.stop();
      await db.close();
    },
  };
}
