import type { EngineOptions } from "./engine.js";

/**
 * The engine's settings from the environment (all optional):
 * `CUEPOINT_ENGINE` (`off` runs no worker in this process: another instance does the work),
 * `CUEPOINT_ENGINE_LEASE_SECONDS` (60: a crashed instance's jobs are handed out again after it),
 * `CUEPOINT_ENGINE_BATCH` (500 jobs fetched at once), `CUEPOINT_ENGINE_IDLE_MS` (200: how often an
 * idle engine looks for due actions).
 *
 * @example
 * engineSettings({ CUEPOINT_ENGINE_LEASE_SECONDS: "5" }); // { enabled: true, options: { leaseSeconds: 5 } }
 */
export function engineSettings(env: NodeJS.ProcessEnv = process.env): { enabled: boolean; options: Partial<EngineOptions> } {
  const number = (name: string, min: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === "") return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, not "${raw}".`);
    return value;
  };
  const options: Partial<EngineOptions> = {};
  const lease = number("CUEPOINT_ENGINE_LEASE_SECONDS", 1);
  const batch = number("CUEPOINT_ENGINE_BATCH", 1);
  const idle = number("CUEPOINT_ENGINE_IDLE_MS", 10);
  if (lease !== undefined) options.leaseSeconds = lease;
  if (lease !== undefined) options.maintenanceSeconds = Math.max(1, Math.min(10, Math.floor(lease / 2)));
  if (batch !== undefined) options.batchSize = batch;
  if (idle !== undefined) options.idleMs = idle;
  return { enabled: env.CUEPOINT_ENGINE !== "off", options };
}
