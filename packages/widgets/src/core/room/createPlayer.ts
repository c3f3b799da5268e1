import { batch, signal, type ReadonlySignal } from "../signals.js";
import { attachStream, type LoadHls } from "./attachStream.js";

export interface PlayerOptions {
  /** The HLS playlist. */
  src: string;
  /** The live room (no seeking, kept at the event's position) or the replay (free seeking). */
  live: boolean;
  /** Live: where the event is now, seconds (the room core's `position`). */
  position: () => number;
  /**
   * Live only: `clock` (default) keeps the video at the event's position (a video played as if
   * live); `edge` follows the stream's live edge instead (the host broadcasting, `video.stream`):
   * hls.js starts a segment behind the newest and the player never seeks.
   */
  follow?: "clock" | "edge";
  /** Start muted (`display.muteAll`). */
  muted?: boolean;
  hlsScriptUrl?: string;
  loadHls?: LoadHls;
}

export interface PlayerCore {
  readonly paused: ReadonlySignal<boolean>;
  readonly muted: ReadonlySignal<boolean>;
  readonly volume: ReadonlySignal<number>;
  /** Playing muted because the browser refused sound without a click (or `muteAll`): offer "Click to unmute". */
  readonly needsUnmute: ReadonlySignal<boolean>;
  /** Nothing plays: the browser refused even muted autoplay; offer a big Play button. */
  readonly blocked: ReadonlySignal<boolean>;
  readonly ended: ReadonlySignal<boolean>;
  /** The video's playback time, seconds (on `timeupdate`). */
  readonly time: ReadonlySignal<number>;
  readonly error: ReadonlySignal<string>;
  /** Starts the stream in `video` and autoplays it; answers the function that stops everything. */
  attach(video: HTMLVideoElement): () => void;
  togglePlay(): void;
  toggleMute(): void;
  unmute(): void;
  setVolume(volume: number): void;
}

/** How far the live video may be from the event's position before it is put back, seconds. */
export const LIVE_TOLERANCE = 2;

/**
 * The room's player, framework-free: attaches the stream (`attachStream`), autoplays it (with sound
 * where the browser allows, else muted with `needsUnmute`), and mirrors the video's state into
 * signals for the controls. Live, it keeps the video at the event's position: it seeks there once
 * the metadata is in, puts back any seek ahead at once, a resume after a pause and a lag of more than
 * 2 s (a stall; checked at most every 4 s) to the position, so everyone sees the same moment
 * within ±2 s. (The server
 * also refuses segments that have not aired, so devtools or a native fullscreen player gain nothing.)
 *
 * @example
 * const player = createPlayer({ src, live: true, position: room.position, hlsScriptUrl });
 * const stop = player.attach(videoElement);
 */
export function createPlayer(options: PlayerOptions): PlayerCore {
  const paused = signal(true);
  const muted = signal(!!options.muted);
  const volume = signal(1);
  const needsUnmute = signal(false);
  const blocked = signal(false);
  const ended = signal(false);
  const time = signal(0);
  const error = signal("");
  let video: HTMLVideoElement | undefined;
  /** The video's state into the signals (on its events, and after our own changes: not every browser fires them at once). */
  const sync = () => {
    const element = video;
    if (!element) return;
    batch(() => {
      paused.value = element.paused;
      muted.value = element.muted;
      volume.value = element.volume;
      ended.value = element.ended;
      time.value = element.currentTime;
      if (!element.muted) needsUnmute.value = false;
    });
  };

  /**
   * Live: back to the event's position when the video is more than the tolerance away (or only
   * ahead). Behind, it goes to a second before the position: the segment after the position airs
   * only at its start, so a player right at the position waits at each segment's end for the next
   * playlist; a second's margin spares most of those waits.
   */
  const keepLive = (onlyAhead: boolean) => {
    if (!video || !options.live || options.follow === "edge") return;
    const position = options.position();
    const drift = video.currentTime - position;
    if (drift > LIVE_TOLERANCE) video.currentTime = position;
    else if (!onlyAhead && drift < -LIVE_TOLERANCE) video.currentTime = Math.max(0, position - 1);
  };

  const play = async (withSound: boolean) => {
    const element = video;
    if (!element) return;
    if (withSound) {
      element.muted = false;
      try {
        await element.play();
        batch(() => {
          needsUnmute.value = blocked.value = false;
          sync();
        });
        return;
      } catch (reason) {
        if ((reason as Error)?.name !== "NotAllowedError") return; // an abort (a new source, a pause): nothing to do
      }
    }
    element.muted = true;
    try {
      await element.play();
      batch(() => {
        sync();
        needsUnmute.value = true;
        blocked.value = false;
      });
    } catch {
      blocked.value = true;
    }
  };

  return {
    paused,
    muted,
    volume,
    needsUnmute,
    blocked,
    ended,
    time,
    error,
    attach(element) {
      video = element;
      element.playsInline = true;
      element.muted = !!options.muted;
      let started = false;
      let caughtUp = Date.now();
      const handlers: Record<string, () => void> = {
        play: () => {
          keepLive(false);
          sync();
        },
        // hls.js puts the video at its own start once the first segment is in (a segment's start,
        // up to 6 s behind): back to the position when playback really begins.
        playing: () => keepLive(false),
        canplay: () => keepLive(false),
        pause: sync,
        volumechange: sync,
        ended: sync,
        timeupdate: () => {
          // Ahead: back at once. Behind (a stall): forward, at most every 4 s, so a slow network is not made to seek in a loop.
          const now = Date.now();
          const behind = !element.paused && now - caughtUp > 4000;
          if (behind) caughtUp = now;
          keepLive(!behind);
          sync();
        },
        seeking: () => keepLive(true),
        loadedmetadata: () => {
          keepLive(false);
          if (!started) {
            started = true;
            void play(!options.muted);
          }
        },
        error: () => void (error.value = "The video could not be played."),
      };
      for (const [type, handler] of Object.entries(handlers)) element.addEventListener(type, handler);
      let stopStream: (() => void) | undefined;
      let stopped = false;
      attachStream(element, {
        src: options.src,
        // -1: hls.js's own start, at the live edge.
        startPosition: options.follow === "edge" ? -1 : options.live ? options.position() : 0,
        hlsScriptUrl: options.hlsScriptUrl,
        loadHls: options.loadHls,
      }).then(
        (stop) => (stopped ? stop() : (stopStream = stop)),
        (reason: Error) => void (error.value = reason.message),
      );
      return () => {
        stopped = true;
        stopStream?.();
        for (const [type, handler] of Object.entries(handlers)) element.removeEventListener(type, handler);
        video = undefined;
      };
    },
    togglePlay() {
      if (!video) return;
      if (video.paused || blocked.peek()) {
        keepLive(false);
        // A click on the big Play button may bring the sound (a click allows it), unless muteAll.
        void play(blocked.peek() ? !options.muted : !video.muted);
      } else video.pause();
      sync();
    },
    toggleMute() {
      if (!video) return;
      video.muted = !video.muted;
      needsUnmute.value = false;
      sync();
    },
    unmute() {
      if (!video) return;
      video.muted = false;
      needsUnmute.value = false;
      sync();
      if (video.paused) void play(true);
    },
    setVolume(value) {
      if (!video) return;
      video.volume = Math.min(1, Math.max(0, value));
      video.muted = value <= 0;
      sync();
    },
  };
}
