/*
 * Users the e2e run creates besides the demo user, with the admin CLI before the server starts
 * (globalSetup.ts). Each belongs to one test file, which may change it (a reset password).
 */

export interface E2EUser {
  email: string;
  password: string;
  role: string;
  features?: readonly string[];
}

export const E2E_USERS = {
  /** Has the registrantUpload feature (leads CSV upload, leadsUpload.e2e.test.ts). */
  uploader: { email: "uploader@cuepoint.local", password: "Uploader-e2e-1", role: "advanced", features: ["registrantUpload"] },
  /** Resets its password through the mailed link (passwordReset.e2e.test.ts). */
  resetter: { email: "resetter@cuepoint.local", password: "Resetter-e2e-1", role: "advanced" },
  /** Starts at the beginner level and raises it in Settings (level.e2e.test.ts). */
  leveller: { email: "leveller@cuepoint.local", password: "Leveller-e2e-1", role: "advanced" },
  /** Connects its first integration and reads the banner change (banner.e2e.test.ts). */
  connector: { email: "connector@cuepoint.local", password: "Connector-e2e-1", role: "advanced" },
} satisfies Record<string, E2EUser>;
