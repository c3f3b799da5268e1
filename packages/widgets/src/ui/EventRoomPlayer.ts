import type { RoomSnapshot } from "@cuepoint/sdk";
import { playbackPositionAt } from "@cuepoint/sdk";
import type { LoadHls } from "../core/room/attachStream.js";
import type { EventRoomCore } from "../core/room/createEventRoom.js";
import { createPlayer, type PlayerCore } from "../core/room/createPlayer.js";
import { formatClock } from "../core/room/format.js";
import type { Runtime } from "./runtime.js";
import { useSignals } from "./useSignal.js";

export interface PlayerProps {
  core: EventRoomCore;
  snapshot: RoomSnapshot;
  video: NonNullable<RoomSnapshot["video"]>;
  live: boolean;
  loadHls?: LoadHls;
  /** The end overlay (live: the room reached its end), rendered over the last frame. */
  end?: unknown;
}

type FullscreenVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/** The controls' icons (24×24 paths): drawn, not emoji, so every system shows them alike. */
const ICONS = {
  play: "M8 5v14l11-7z",
  pause: "M6 5h4v14H6zm8 0h4v14h-4z",
  sound: "M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z",
  muted: "M3 9v6h4l5 5V4L7 9zm16.6 3 2.1-2.1-1.4-1.4-2.1 2.1-2.1-2.1-1.4 1.4 2.1 2.1-2.1 2.1 1.4 1.4 2.1-2.1 2.1 2.1 1.4-1.4z",
  fullscreen: "M5 5h5v2H7v3H5zm9 0h5v5h-2V7h-3zM5 14h2v3h3v2H5zm12 0h2v5h-5v-2h3z",
};

/**
 * The room's player: a plain `<video playsinline>`. Live: no seek bar, our own controls (play/pause,
 * mute, volume, full screen, the time counter), the position kept by `createPlayer`. Replay: the
 * browser's controls, free seeking. Both: muted autoplay with a big "Click to unmute" where sound
 * was refused, and the picture-in-picture corner (`display.pip`): from `seconds` into the event
 * (the live position, the replay's time) the player floats to the bottom-right corner until the
 * visitor restores it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function playerComponent(rt: Runtime) {
  const { h } = rt;
  const icon = (name: keyof typeof ICONS) =>
    h("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true", focusable: "false" }, h("path", { d: ICONS[name], fill: "currentColor" }));
  return function Player(props: PlayerProps): unknown {
    const { core, snapshot, video, live } = props;
    const src = core.resolve(video.playlistUrl);
    const [player] = rt.useState<PlayerCore>(() =>
      createPlayer({
        src,
        live,
        follow: video.stream ? "edge" : "clock",
        position: core.position,
        muted: snapshot.display.muteAll,
        hlsScriptUrl: core.resolve(video.hlsScriptUrl),
        loadHls: props.loadHls,
      }),
    );
    const element = rt.useRef<HTMLVideoElement | null>(null);
    const box = rt.useRef<HTMLElement | null>(null);
    const [restored, setRestored] = rt.useState(false);
    rt.useEffect(() => {
      const stop = element.current ? player.attach(element.current) : undefined;
      const stopTime = live ? undefined : player.time.subscribe(core.setPlaybackTime);
      return () => {
        stopTime?.();
        stop?.();
      };
    }, [player]);
    useSignals(rt, player);

    const { pip, timeCounter } = snapshot.display;
    const position = live ? playbackPositionAt(snapshot.timing, core.now.value) : player.time.value;
    const ended = !!props.end || (live && player.ended.value);
    const floating = pip.enabled && position >= pip.seconds && !restored && !ended;
    const paused = player.paused.value;
    const muted = player.muted.value;
    const fullscreen = () => {
      const doc = box.current?.ownerDocument;
      if (doc?.fullscreenElement) void doc.exitFullscreen();
      else if (box.current?.requestFullscreen) void box.current.requestFullscreen().catch(() => undefined);
      else (element.current as FullscreenVideo | null)?.webkitEnterFullscreen?.();
    };
    const button = (label: string, glyph: keyof typeof ICONS, onClick: () => void) =>
      h("button", { type: "button", "aria-label": label, title: label, onClick }, icon(glyph));

    const controls =
      live &&
      !ended &&
      h(
        "div",
        { className: "cp-controls" },
        button(paused ? "Play" : "Pause", paused ? "play" : "pause", player.togglePlay),
        button(muted ? "Unmute" : "Mute", muted ? "muted" : "sound", player.toggleMute),
        h("input", {
          type: "range",
          min: 0,
          max: 1,
          step: 0.05,
          value: muted ? 0 : player.volume.value,
          "aria-label": "Volume",
          [rt.textInput]: (event: Event) => player.setVolume(Number((event.currentTarget as HTMLInputElement).value)),
        }),
        timeCounter.enabled &&
          h(
            "span",
            { className: "cp-counter" },
            timeCounter.direction === "down"
              ? `${formatClock(snapshot.timing.liveSeconds - position)} left`
              : formatClock(position),
          ),
        button("Full screen", "fullscreen", fullscreen),
      );

    return h(
      "div",
      { ref: box, className: "cp-player", "data-pip": floating ? "" : undefined },
      h("video", {
        ref: element,
        playsInline: true,
        poster: video.posterUrl ? core.resolve(video.posterUrl) : undefined,
        controls: !live,
        "aria-label": live ? "Live video" : "Replay video",
      }),
      controls,
      player.error.value && h("div", { className: "cp-overlay", role: "alert" }, player.error.value),
      !ended && player.blocked.value && h("button", { type: "button", className: "cp-big cp-unmute", onClick: player.togglePlay }, icon("play"), "Play"),
      !ended &&
        !player.blocked.value &&
        player.needsUnmute.value &&
        h("button", { type: "button", className: "cp-big cp-unmute", onClick: player.unmute }, icon("muted"), "Click to unmute"),
      floating && h("button", { type: "button", className: "cp-restore", onClick: () => setRestored(true) }, "Restore player"),
      ended && props.end,
    );
  };
}
