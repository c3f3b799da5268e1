import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { except } from "hono/combine";
import { createLocalBilling } from "./billing/localBilling.js";
import type { BillingProvider } from "./billing/provider.js";
import { defaultConfig, type ServerConfig } from "./config.js";
import type { Database } from "./db/types.js";
import type { AppDeps } from "./deps.js";
import { errorBody, handleError } from "./http/errors.js";
import { createRateLimiter } from "./http/rateLimiter.js";
import { registerRoutes } from "./http/register.js";
import { consoleMailer, type Mailer } from "./mail/mailer.js";
import { createLocalMediaStore, type MediaStore } from "./media/store.js";
import { LEADS_IMPORT_BODY_LIMIT_BYTES, LEADS_IMPORT_PATH } from "./leads/importLimit.js";
import { PUBLIC_PREFIX, publicCors } from "./public/publicCors.js";
import { apiRoutes } from "./routes/index.js";
import { CHUNK_PATH } from "./routes/upload.js";

export interface CreateAppOptions {
  db: Database;
  /** Defaults from `defaultConfig()`; `runtimeSettings()` reads them from the environment. */
  config?: Partial<ServerConfig>;
  /** Where reset mails go (default: the server log). */
  mailer?: Mailer;
  /** Plans and payments (default: the `local` provider on this database). */
  billing?: BillingProvider;
  /** Media bytes (default: the local folder `config.mediaDir`). */
  media?: MediaStore;
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
  const deps: AppDeps = {
    db: options.db,
    config,
    mailer: options.mailer ?? consoleMailer,
    billing: options.billing ?? createLocalBilling({ orm: options.db.orm, now: config.now }),
    media: options.media ?? createLocalMediaStore(config.mediaDir),
    loginLimiter: createRateLimiter({ ...config.loginRateLimit, now: config.now }),
    resetLimiter: createRateLimiter({ max: RESET_REQUESTS_PER_HOUR, windowMs: 60 * 60_000, now: config.now }),
  };

  const api = new Hono();
  // CORS for the registration widget's public endpoints only (public/publicCors.ts).
  api.use(`${PUBLIC_PREFIX}/*`, publicCors());
  api.use(
    // The chunk upload streams its body to disk under its own limit (routes/upload.ts); the CSV
    // import of leads has its own, larger limit (leads/importLimit.ts).
    except(
      [`/api${CHUNK_PATH}`, `/api${LEADS_IMPORT_PATH}`],
      bodyLimit({
        maxSize: config.bodyLimitBytes,
        onError: (c) =>
          c.json(
            errorBody(`The request body is too large: the limit is ${Math.round(config.bodyLimitBytes / 1024)} KB.`),
            413,
          ),
      }),
    ),
  );
  api.use(
    LEADS_IMPORT_PATH,
    bodyLimit({
      maxSize: LEADS_IMPORT_BODY_LIMIT_BYTES,
      onError: (c) =>
        c.json(errorBody(`The CSV file is too large: the limit is ${LEADS_IMPORT_BODY_LIMIT_BYTES / 1024 / 1024} MiB.`), 413),
    }),
  );
  registerRoutes(api, apiRoutes, deps);

  const app = new Hono();
  app.onError(handleError);
  app.notFound((c) => c.json(errorBody(`There is no ${c.req.method} ${c.req.path}.`), 404));
  app.route("/api", api);
  // Until the dashboard's built files are served here, the root says where the API is.
  app.get("/", (c) =>
    c.text(
      `Cuepoint server. API: ${new URL("/api", c.req.url)} · OpenAPI document: ${new URL("/api/openapi.json", c.req.url)}\n`,
    ),
  );
  return app;
}
