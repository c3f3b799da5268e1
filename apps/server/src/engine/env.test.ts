import { describe, expect, it } from "vitest";
import { engineSettings } from "./env.js";

describe("engineSettings", () => {
  it("runs an engine with the defaults when nothing is set", () => {
    expect(engineSettings({})).toEqual({ enabled: true, options: {} });
  });

  it("reads the lease, batch and idle time, and CUEPOINT_ENGINE=off", () => {
    expect(
      engineSettings({ CUEPOINT_ENGINE: "off", CUEPOINT_ENGINE_LEASE_SECONDS: "3", CUEPOINT_ENGINE_BATCH: "50", CUEPOINT_ENGINE_IDLE_MS: "50" }),
    ).toEqual({ enabled: false, options: { leaseSeconds: 3, maintenanceSeconds: 1, batchSize: 50, idleMs: 50 } });
  });

  it("refuses a value that is not a whole number in range, naming it", () => {
    expect(() => engineSettings({ CUEPOINT_ENGINE_BATCH: "lots" })).toThrow('CUEPOINT_ENGINE_BATCH must be a whole number of at least 1, not "lots".');
    expect(() => engineSettings({ CUEPOINT_ENGINE_LEASE_SECONDS: "0" })).toThrow("CUEPOINT_ENGINE_LEASE_SECONDS");
  });
});
