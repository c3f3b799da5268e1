import { isAbsolute, join, resolve } from "node:path";
import { UPLOAD_CHUNK_SIZE, type JoinDomain } from "@cuepoint/sdk";
import { parseJoinDomains } from "./joinDomains.js";
import { checkMailFrom, smtpOptionsFromUrl, type SmtpMailSettings } from "../mail/smtpMailer.js";

/** The terms of service users agree to (`GET /terms_of_service`, `POST /consent_terms`). */
export interface Terms {
  version: string;
  content: string;
}

/** How a login limiter backs off (http/backoffLimiter.ts): free attempts, then doubling waits. */
export interface BackoffSettings {
  /** Attempts a key may make before the first wait. */
  free: number;
  /** The first wait; each further attempt doubles it. */
  firstWaitMs: number;
  /** The longest wait. */
  maxWaitMs: number;
  /** How long a key's attempts are remembered after its last one. */
  memoryMs: number;
}

/** What the app needs to know besides its database. Tests build one with `testConfig()`. */
export interface ServerConfig {
  /** Where people reach the product; reset-password links point here. */
  publicURL: string;
  /**
   * Other host names the operator pointed at this server (`CUEPOINT_JOIN_DOMAINS`, at most six): a
   * timeline whose `general.joinDomain` names one has its public pages and personal links there
   * (join-domain/README.md). Empty: every link uses `publicURL`.
   */
  joinDomains: JoinDomain[];
  /**
   * Secret of the support chat's identity hash (`intercom_hash`). Unset: one is generated on
   * first use and kept in the `settings` table, so every instance on one database agrees.
   */
  supportSecret?: string | undefined;
  /** The terms shown until an admin stores others in the `settings` table (key `terms`). */
  terms: Terms;
  /** Largest request body accepted under /api, in bytes (the chunk upload has its own limit). */
  bodyLimitBytes: number;
  /** The local media store's folder (`CUEPOINT_MEDIA_DIR`, else `${CUEPOINT_DATA_DIR}/media`). */
  mediaDir: string;
  /** Largest file part of one `POST /upload/chunk`, in bytes (the SDK's chunk size by default). */
  uploadChunkLimitBytes: number;
  /**
   * Login attempts per email address and client address (and wrong current passwords per user):
   * `free` tries, then waits doubling from `firstWaitMs` to `maxWaitMs`, counted across every
   * instance (http/backoffLimiter.ts). Per address, so a guesser elsewhere never locks the owner out.
   */
  loginBackoff: BackoffSettings;
  /** The clock; tests move it to expire tokens. */
  now: () => Date;
  /** The server's own mail (reset links) through SMTP; unset, mails are printed to the log. */
  mail?: SmtpMailSettings | undefined;
  /** The RTMP address (without the key) the live console tells hosts to broadcast to (room/live/liveSettings.ts). */
  liveIngestURL?: string | undefined;
}

export const DEFAULT_TERMS: Terms = {
  version: "2024-01-01",
  content:
    "Cuepoint Terms of Service\n\nBy using Cuepoint you agree to use it lawfully, to send messages only to " +
    "people who agreed to receive them, and to keep your credentials safe. The full terms are set by the " +
    "operator of this installation.",
};

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    publicURL: "http://localhost:3000",
    joinDomains: [],
    terms: DEFAULT_TERMS,
    bodyLimitBytes: 1024 * 1024,
    mediaDir: resolve(".cuepoint-data", "media"),
    uploadChunkLimitBytes: UPLOAD_CHUNK_SIZE,
    loginBackoff: { free: 5, firstWaitMs: 60_000, maxWaitMs: 15 * 60_000, memoryMs: 24 * 60 * 60_000 },
    now: () => new Date(),
    ...overrides,
  };
}

/** Everything the process reads from its environment. */
export interface RuntimeSettings {
  port: number;
  /** PostgreSQL connection string; unset means the embedded PGlite. */
  databaseUrl: string | undefined;
  /** PGlite's data folder, absolute. */
  dataDir: string;
  config: ServerConfig;
}

/**
 * `CUEPOINT_SMTP_URL` with `CUEPOINT_MAIL_FROM`, checked now so a typo stops the start with a
 * clear message instead of losing the first reset mail; neither set means the log mailer.
 *
 * @example
 * mailSettings({ CUEPOINT_SMTP_URL: "smtp://u:p@mail.example.com", CUEPOINT_MAIL_FROM: "no-reply@example.com" });
 */
export function mailSettings(env: NodeJS.ProcessEnv): SmtpMailSettings | undefined {
  const url = env.CUEPOINT_SMTP_URL || undefined;
  const from = env.CUEPOINT_MAIL_FROM || undefined;
  if (!url && !from) return undefined;
  if (!url) throw new Error("CUEPOINT_MAIL_FROM is set but CUEPOINT_SMTP_URL is not: set both to send mail.");
  if (!from) throw new Error("CUEPOINT_SMTP_URL needs CUEPOINT_MAIL_FROM, the sender of the server's mails.");
  smtpOptionsFromUrl(url);
  checkMailFrom(from);
  return { url, from };
}

/**
 * Reads `PORT` (3000), `DATABASE_URL`, `CUEPOINT_DATA_DIR` (`.cuepoint-data`), `PUBLIC_URL`,
 * `CUEPOINT_JOIN_DOMAINS`, `CUEPOINT_SUPPORT_SECRET` and the mail settings ({@link mailSettings}). A relative data folder
 * is taken from the directory the command was typed in (pnpm's `INIT_CWD`), not the package folder pnpm runs the script in, so
 * `pnpm start` and `pnpm cuepoint …` at the repository root share `./.cuepoint-data`.
 */
export function runtimeSettings(env: NodeJS.ProcessEnv = process.env): RuntimeSettings {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${env.PORT}".`);
  const base = env.INIT_CWD || process.cwd();
  const folder = env.CUEPOINT_DATA_DIR || ".cuepoint-data";
  const publicURL = env.PUBLIC_URL || `http://localhost:${port}`;
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: isAbsolute(folder) ? folder : resolve(base, folder),
    config: defaultConfig({
      publicURL,
      joinDomains: parseJoinDomains(env.CUEPOINT_JOIN_DOMAINS, publicURL),
      supportSecret: env.CUEPOINT_SUPPORT_SECRET || undefined,
      mediaDir: env.CUEPOINT_MEDIA_DIR
        ? resolve(base, env.CUEPOINT_MEDIA_DIR)
        : join(isAbsolute(folder) ? folder : resolve(base, folder), "media"),
      mail: mailSettings(env),
    }),
  };
}
