import { Hono } from "hono";
import { createLocalBilling } from "./billing/localBilling.js";
import type { BillingProvider } from "./billing/provider.js";
import { defaultConfig, type ServerConfig } from "./config/serverConfig.js";
import type { Database } from "./db/types.js";
import type { AppDeps } from "./deps.js";
import { createBackoffLimiter } from "./http/backoffLimiter.js";
import { applyBodyLimits } from "./http/bodyLimits.js";
import { dashboardDirFromEnv, serveDashboard } from "./http/dashboardAssets.js";
import { apiSecurityHeaders } from "./http/securityHeaders.js";
import { errorBody, handleError } from "./http/errors.js";
import { createRateLimiter } from "./http/rateLimiter.js";
import { registerRoutes } from "./http/register.js";
import { joinDomainGuard } from "./join-domain/joinDomainHosts.js";
import { consoleMailer, type Mailer } from "./mail/mailer.js";
import { createSmtpMailer } from "./mail/smtpMailer.js";
import { createMediaProcessing, type MediaProcessing } from "./media/processing.js";
import { createLocalMediaStore, type MediaStore } from "./media/store.js";
import { PUBLIC_PREFIX, publicCors } from "./http/publicCors.js";
import { createRoomBus } from "./room/bus/createRoomBus.js";
import type { RoomBus } from "./room/bus/roomBus.js";
import { createRoomHub, type RoomHub } from "./room/hub/roomHub.js";
import { serveRegistrationPages } from "./registration/page/registrationPages.js";
import { serveRoomPages } from "./room/roomRoutes.js";
import { apiRoutes } from "./routes.js";
import { serveEmbedScript } from "./registration/embedScript.js";

export interface CreateAppOptions {
  db: Database;
  /** Defaults from `defaultConfig()`; `runtimeSettings()` reads them from the environment. */
  config?: Partial<ServerConfig>;
  /** Where reset mails go (default: SMTP when `config.mail` is set, else the server log). */
  mailer?: Mailer;
  /** Plans and payments (default: the `local` provider on this database). */
  billing?: BillingProvider;
  /** Media bytes (default: the local folder `config.mediaDir`). */
  media?: MediaStore;
  /**
   * Video processing after upload (default: one on this database and media store, processing
   * each video as its upload completes). index.ts passes its own to start its sweep and stop it.
   */
  mediaProcessing?: MediaProcessing;
  /** The built dashboard served at `/` (default: `CUEPOINT_DASHBOARD_DIR`, else apps/dashboard/dist). */
  dashboardDir?: string;
  /**
   * The event room's channels and presence (default: one on this database and clock). index.ts
   * passes its own to close the channels and write their attendance when it stops.
   */
  room?: RoomHub;
  /** Room signals across instances (default: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite); ignored with `room` (its bus). */
  roomBus?: RoomBus;
}

const RESET_REQUESTS_PER_HOUR = 5;

/**
 * Builds the Hono app without listening (index.ts listens; tests call `app.request`). The API
 * lives under /api; everything it needs comes in through `options`, so one process could serve
 * several apps on several databases.
 *
 * @example
 * const app = createApp({ db: await openDatabase({ memory: true }) });
 * await app.request("/api/health"); // { ok: true, db: "pglite" }
 */
export function createApp(options: CreateAppOptions): Hono {
  const config = defaultConfig(options.config);
  const media = options.media ?? createLocalMediaStore(config.mediaDir);
  const room = options.room ?? createRoomHub({ orm: options.db.orm, now: config.now, bus: options.roomBus ?? createRoomBus(options.db) });
  const deps: AppDeps = {
    db: options.db,
    config,
    mailer: options.mailer ?? (config.mail ? createSmtpMailer(config.mail) : consoleMailer),
    billing: options.billing ?? createLocalBilling({ orm: options.db.orm, now: config.now }),
    media,
    mediaProcessing: options.mediaProcessing ?? createMediaProcessing({ orm: options.db.orm, media, now: config.now }),
    room,
    roomBus: room.bus,
    loginLimiter: createBackoffLimiter({ orm: options.db.orm, name: "login", ...config.loginBackoff, now: config.now }),
    resetLimiter: createRateLimiter({
      orm: options.db.orm,
      name: "reset",
      max: RESET_REQUESTS_PER_HOUR,
      windowMs: 60 * 60_000,
      now: config.now,
    }),
  };

  const api = new Hono();
  // Data, never a page: no script, no framing, no sniffing, no Referer (http/securityHeaders.ts).
  api.use(apiSecurityHeaders);
  // CORS for the registration widget's public endpoints only (http/publicCors.ts).
  api.use(`${PUBLIC_PREFIX}/*`, publicCors());
  // Body size limits per class of route: 1 MiB, the CSV imports more, the chunk upload streamed.
  applyBodyLimits(api, config, apiRoutes);
  registerRoutes(api, apiRoutes, deps);

  const app = new Hono();
  app.onError(handleError);
  app.notFound((c) => c.json(errorBody(`There is no ${c.req.method} ${c.req.path}.`), 404));
  // On a join domain only the public pages and /api/public (join-domain/README.md).
  app.use(joinDomainGuard(config));
  app.route("/api", api);
  // The registration widget's script tag (registration/embedScript.ts).
  serveEmbedScript(app);
  // The personal links' pages, /room.js and /room-hls.js (room/README.md).
  serveRoomPages(app, deps);
  // The hosted registration page, its frame and the no-script form's posts (registration/page/README.md).
  serveRegistrationPages(app, deps);
  // The dashboard at `/` (its built files) and the OAuth callback forwards.
  serveDashboard(app, options.dashboardDir ?? dashboardDirFromEnv());
  return app;
}
