import { INTEGRATION_KINDS } from "@cuepoint/sdk";

/**
 * Points every kind's API and OAuth URLs at a loopback fake service, gives every kind an OAuth
 * app, and lets addresses people type reach 127.0.0.1. Answers a function restoring the
 * environment as it was. Test files run in their own worker, so this touches no other file.
 */
export function pointServicesAt(url: string): () => void {
  const saved = { ...process.env };
  for (const kind of INTEGRATION_KINDS) {
    process.env[`CUEPOINT_${kind}_BASE_URL`] = url;
    process.env[`CUEPOINT_${kind}_OAUTH_BASE_URL`] = url;
    process.env[`CUEPOINT_${kind}_CLIENT_ID`] = `${kind.toLowerCase()}-client`;
    process.env[`CUEPOINT_${kind}_CLIENT_SECRET`] = `${kind.toLowerCase()}-secret`;
  }
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
  return () => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  };
}
