/**
 * Where the RTMP ingest listens and what address the host's console shows, from the environment:
 * `CUEPOINT_RTMP_PORT` (1935; `off` starts no ingest), `CUEPOINT_RTMP_HOST` (0.0.0.0; 127.0.0.1 in
 * tests), `CUEPOINT_RTMP_URL` (what encoders are told, e.g. `rtmp://live.example.com/live`; default
 * `rtmp://<PUBLIC_URL's host>:<port>/live`).
 */
export interface LiveSettings {
  enabled: boolean;
  host: string;
  port: number;
  /** The ingest address without the key, as the console shows it. */
  ingestURL: string;
}

export function liveSettings(env: NodeJS.ProcessEnv, publicURL: string): LiveSettings {
  const raw = env.CUEPOINT_RTMP_PORT ?? "1935";
  const enabled = raw !== "off";
  const port = enabled ? Number(raw) : 1935;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`CUEPOINT_RTMP_PORT must be a port number or "off", not "${raw}".`);
  }
  return { enabled, host: env.CUEPOINT_RTMP_HOST || "0.0.0.0", port, ingestURL: env.CUEPOINT_RTMP_URL || defaultIngestURL(publicURL, port) };
}

/** `rtmp://<public host>:<port>/live` (the port left out when it is RTMP's 1935). */
export function defaultIngestURL(publicURL: string, port: number): string {
  const host = new URL(publicURL).hostname;
  return `rtmp://${host}${port === 1935 ? "" : `:${port}`}/live`;
}
