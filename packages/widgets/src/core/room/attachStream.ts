/** The part of hls.js's `Hls` class the player uses (so the types do not need hls.js installed). */
export interface HlsInstance {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, listener: (event: string, data: { fatal?: boolean; type?: string }) => void): void;
  startLoad(startPosition?: number): void;
  recoverMediaError(): void;
  destroy(): void;
}
export interface HlsClass {
  new (config?: Record<string, unknown>): HlsInstance;
  isSupported(): boolean;
}
/** What `loadHls` may answer: the class, or a module whose default export it is (`() => import("hls.js")`). */
export type LoadHls = () => HlsClass | { default: HlsClass } | Promise<HlsClass | { default: HlsClass }>;

export const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * Whether to play HLS natively: where the browser plays it and it is Apple's player (Safari, every
 * iOS browser), or where hls.js could not run (no Media Source Extensions). Chromium's own HLS
 * player (desktop Chrome 141+) is passed over: it starts a live EVENT playlist at its first
 * segment, ignores `EXT-X-START` and reports no seekable range, so a late joiner could not be put
 * at the event's position (seen in Chromium 156).
 */
export function playsHlsNatively(video: HTMLVideoElement): boolean {
  const view = (video.ownerDocument.defaultView ?? {}) as { MediaSource?: unknown; ManagedMediaSource?: unknown; navigator?: Navigator };
  const mse = !!(view.MediaSource || view.ManagedMediaSource);
  return !!video.canPlayType(HLS_TYPE) && (!mse || /Apple/.test(view.navigator?.vendor ?? ""));
}

const loading = new Map<string, Promise<HlsClass>>();

/**
 * Loads hls.js from `url` with a script tag (allowed by a CSP's `script-src 'self'`, no eval) and
 * answers its global `Hls`; once per address.
 */
export function loadHlsScript(url: string): Promise<HlsClass> {
  const global = window as unknown as { Hls?: HlsClass };
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<HlsClass>((resolve, reject) => {
      if (global.Hls) return resolve(global.Hls);
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onload = () => (global.Hls ? resolve(global.Hls) : reject(new Error("hls.js did not load")));
      script.onerror = () => reject(new Error("hls.js could not be loaded"));
      document.head.append(script);
    });
    promise.catch(() => loading.delete(url));
    loading.set(url, promise);
  }
  return promise;
}

/**
 * Starts loading hls.js where this browser will need it (see `playsHlsNatively`), so it is in
 * when the player asks for it; errors are left for the player to report.
 *
 * @example
 * preloadHls("/room-hls.js");
 */
export function preloadHls(hlsScriptUrl: string, loadHls?: LoadHls): void {
  if (typeof document === "undefined" || playsHlsNatively(document.createElement("video"))) return;
  void Promise.resolve(loadHls ? loadHls() : loadHlsScript(hlsScriptUrl)).catch(() => undefined);
}

export interface StreamOptions {
  /** The HLS playlist (master or media). */
  src: string;
  /** Where to start, seconds (the live position; 0 for a replay). */
  startPosition: number;
  /** hls.js's script, loaded where the browser lacks native HLS (`video.hlsScriptUrl` of the snapshot). */
  hlsScriptUrl?: string;
  /** Or a loader of hls.js for bundled apps, e.g. `() => import("hls.js")`; it wins over `hlsScriptUrl`. */
  loadHls?: LoadHls;
}

/**
 * Plays `src` in `video`: natively where the browser plays HLS itself (Safari, iOS; see
 * `playsHlsNatively`), else with hls.js, loaded only then (by `loadHls`, else from `hlsScriptUrl`). hls.js is set for the room's live EVENT playlist:
 * it starts at `startPosition` (the server's `EXT-X-START` says the same) rather than a few segments
 * behind the live edge, and never speeds up or jumps on its own (the player keeps the position).
 * Answers the function that stops the stream.
 *
 * @example
 * const stop = await attachStream(video, { src, startPosition: 600, hlsScriptUrl: "/room-hls.js" });
 */
export async function attachStream(video: HTMLVideoElement, options: StreamOptions): Promise<() => void> {
  if (playsHlsNatively(video)) {
    video.src = options.src;
    return () => {
      video.removeAttribute("src");
      video.load();
    };
  }
  const loaded = options.loadHls ? await options.loadHls() : await loadHlsScript(options.hlsScriptUrl ?? "");
  const Hls = "default" in loaded ? loaded.default : loaded;
  if (!Hls.isSupported()) throw new Error("This browser cannot play the video.");
  const hls = new Hls({
    startPosition: options.startPosition,
    liveSyncDurationCount: 1,
    maxLiveSyncPlaybackRate: 1,
    backBufferLength: 30,
    enableWorker: true,
  });
  let recoveries = 0;
  hls.on("hlsError", (_event, data) => {
    // A fatal error is retried a few times (a network blip, a decoding hiccup), then left to the video's error.
    if (!data.fatal || recoveries++ > 3) return;
    if (data.type === "mediaError") hls.recoverMediaError();
    else hls.startLoad();
  });
  hls.loadSource(options.src);
  hls.attachMedia(video);
  return () => hls.destroy();
}
