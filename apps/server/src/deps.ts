import type { BillingProvider } from "./billing/provider.js";
import type { ServerConfig } from "./config/serverConfig.js";
import type { Database } from "./db/types.js";
import type { BackoffLimiter } from "./http/backoffLimiter.js";
import type { RateLimiter } from "./http/rateLimiter.js";
import type { Mailer } from "./mail/mailer.js";
import type { MediaProcessing } from "./media/processing.js";
import type { MediaStore } from "./media/store.js";
import type { RoomBus } from "./room/bus/roomBus.js";
import type { RoomHub } from "./room/hub/roomHub.js";

/** Everything a route handler may use; built once per app by `createApp`. */
export interface AppDeps {
  db: Database;
  config: ServerConfig;
  mailer: Mailer;
  billing: BillingProvider;
  /** Where uploaded media bytes live (the local folder store by default). */
  media: MediaStore;
  /** What happens to a video after its upload (media/processing.ts): told when an upload completes. */
  mediaProcessing: MediaProcessing;
  /** Login attempts per email and client address (and wrong current passwords per user), shared by every instance. */
  loginLimiter: BackoffLimiter;
  /** Forgot-password requests per email address (so nobody can flood an inbox), shared by every instance. */
  resetLimiter: RateLimiter;
  /** The event room's live side on this instance: channels, presence, attendance (room/hub/roomHub.ts). */
  room: RoomHub;
  /** Room signals to every instance (room/bus/): publish after the write commits. The hub's own bus. */
  roomBus: RoomBus;
}
