import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import type { TestProject } from "vitest/node";
import { freePort } from "../../server/src/test-support/freePort.js";
import { E2E_OAUTH_CLIENT, startOAuthProvider } from "./oauthProvider.js";
import { E2E_USERS } from "./users.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the server (API + built dashboard) listens: `http://127.0.0.1:PORT`. */
    baseURL: string;
    /** The build the server serves (tests may change `version.json` there, and must restore it). */
    dashboardDir: string;
    /** The server's stdout (its console mailer prints mails there): read it to follow a mailed link. */
    serverLog: string;
    /** The OAuth provider standing in for Mailchimp (oauthProvider.ts). */
    oauthProviderURL: string;
  }
}

const dashboardDir = dirname(dirname(fileURLToPath(import.meta.url)));
const serverDir = join(dashboardDir, "..", "server");

/** Starts `apps/server/src/index.ts --seed-demo` and resolves its address from its first log line. */
function startServer(env: NodeJS.ProcessEnv, logFile: string): Promise<{ child: ChildProcess; baseURL: string }> {
  const child = spawn(join(serverDir, "node_modules", ".bin", "tsx"), ["--conditions=@cuepoint/source", "src/index.ts", "--seed-demo"], {
    cwd: serverDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let log = "";
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(log)?.[1];
      if (port) resolve({ child, baseURL: `http://127.0.0.1:${port}` });
    };
    child.stdout?.on("data", onData);
    child.stdout?.pipe(createWriteStream(logFile));
    child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`The server exited (${code}) before listening:\n${log}`)));
  });
}

/** `pnpm cuepoint user create …` (the admin CLI) on the e2e database; fails the run on a refusal. */
function createUser(env: NodeJS.ProcessEnv, user: { email: string; password: string; role: string; features?: readonly string[] }): Promise<void> {
  const args = ["--conditions=@cuepoint/source", "src/cli.ts", "user", "create", "--email", user.email, "--password", user.password, "--role", user.role];
  for (const feature of user.features ?? []) args.push("--feature", feature);
  const child = spawn(join(serverDir, "node_modules", ".bin", "tsx"), args, { cwd: serverDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`user create ${user.email} failed (${code}):\n${output}`))));
  });
}

/**
 * Once per e2e run: builds the dashboard into a private folder (so parallel runs never share
 * dist/), starts the real server on a fresh embedded database with the demo seed serving that
 * build at `/`, and provides its address to the tests (`inject("baseURL")`).
 */
export default async function setup(project: TestProject) {
  const work = await mkdtemp(join(tmpdir(), "cuepoint-e2e-"));
  const outDir = join(work, "dist");
  await build({ root: dashboardDir, configFile: join(dashboardDir, "vite.config.ts"), logLevel: "warn", build: { outDir } });
  // A known port, so PUBLIC_URL (mailed reset links, OAuth redirect_uri) is the real address.
  const port = await freePort();
  const provider = await startOAuthProvider();
  const serverLog = join(work, "server.log");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CUEPOINT_DATA_DIR: join(work, "data"),
    CUEPOINT_MEDIA_DIR: join(work, "media"),
    CUEPOINT_DASHBOARD_DIR: outDir,
    DATABASE_URL: "",
    // The webhook integration test posts to a server on 127.0.0.1 (screens e2e).
    CUEPOINT_ALLOW_PRIVATE_TARGETS: "true",
    // A join domain on loopback (Chromium sends *.localhost there): joinDomain.e2e.test.ts.
    CUEPOINT_JOIN_DOMAINS: `http://events.localhost:${port}`,
    // The OAuth e2e connects Mailchimp through the loopback provider.
    CUEPOINT_MAILCHIMP_OAUTH_BASE_URL: provider.url,
    CUEPOINT_MAILCHIMP_BASE_URL: provider.url,
    CUEPOINT_MAILCHIMP_CLIENT_ID: E2E_OAUTH_CLIENT.id,
    CUEPOINT_MAILCHIMP_CLIENT_SECRET: E2E_OAUTH_CLIENT.secret,
    INIT_CWD: work,
  };
  // Users other than the demo one, made with the admin CLI before the server holds the database.
  for (const user of Object.values(E2E_USERS)) await createUser(env, user);
  const { child, baseURL } = await startServer(env, serverLog);
  project.provide("baseURL", baseURL);
  project.provide("dashboardDir", outDir);
  project.provide("serverLog", serverLog);
  project.provide("oauthProviderURL", provider.url);
  return async () => {
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      if (child.pid) child.kill("SIGTERM");
      setTimeout(() => {
        child.kill("SIGKILL");
        resolve();
      }, 5000).unref();
    });
    await provider.close();
    await rm(work, { recursive: true, force: true });
  };
}
