import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the server (API + built dashboard) listens: `http://127.0.0.1:PORT`. */
    baseURL: string;
    /** The build the server serves (tests may change `version.json` there, and must restore it). */
    dashboardDir: string;
  }
}

const dashboardDir = dirname(dirname(fileURLToPath(import.meta.url)));
const serverDir = join(dashboardDir, "..", "server");

/** Starts `apps/server/src/index.ts --seed-demo` and resolves its address from its first log line. */
function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; baseURL: string }> {
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
    child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`The server exited (${code}) before listening:\n${log}`)));
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
  const { child, baseURL } = await startServer({
    ...process.env,
    PORT: "0",
    CUEPOINT_DATA_DIR: join(work, "data"),
    CUEPOINT_MEDIA_DIR: join(work, "media"),
    CUEPOINT_DASHBOARD_DIR: outDir,
    DATABASE_URL: "",
    // The webhook integration test posts to a server on 127.0.0.1 (screens e2e).
    CUEPOINT_ALLOW_PRIVATE_TARGETS: "true",
    INIT_CWD: work,
  });
  project.provide("baseURL", baseURL);
  project.provide("dashboardDir", outDir);
  return async () => {
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      if (child.pid) child.kill("SIGTERM");
      setTimeout(() => {
        child.kill("SIGKILL");
        resolve();
      }, 5000).unref();
    });
    await rm(work, { recursive: true, force: true });
  };
}
