import type { RoomEntry, RoomPhase } from "@cuepoint/sdk";
import { preloadHls, type LoadHls } from "../core/room/attachStream.js";
import { createEventRoom, type EventRoomCore } from "../core/room/createEventRoom.js";
import { roomApi } from "../core/room/roomApi.js";
import type { EventSourceLike, RoomApi } from "../core/room/types.js";
import { chatComponent, renderCta, renderCtaLink } from "./EventRoomChat.js";
import { renderClosed, renderCode, renderConfirmation, renderWaiting, type PageContext } from "./EventRoomPages.js";
import { playerComponent } from "./EventRoomPlayer.js";
import { ROOM_SHEET } from "./EventRoomStyles.js";
import type { Runtime } from "./runtime.js";
import { adoptStyles } from "./styles.js";
import { useSignals } from "./useSignal.js";

export interface EventRoomProps {
  /** The registrant's personal token (the uuid of `/join/{token}`). */
  token: string;
  /** The API's base address, e.g. `https://app.example.com/api`; the snapshot's relative addresses resolve against it. */
  apiURL?: string;
  /** Or an SDK client (`createClient(...)`): its `room` group is used. */
  client?: { room: RoomApi };
  /** The link the registrant came through (`join` or `replay`); the snapshot's by default. */
  entry?: RoomEntry;
  /**
   * Loads hls.js for browsers without native HLS, e.g. `() => import("hls.js")` in a bundled app;
   * by default the widget adds a script tag for the server's `/room-hls.js`.
   */
  loadHls?: LoadHls;
  /** The zone times are shown in; the visitor's own by default. */
  timeZone?: string;
  /** Locale for dates and times (the browser's by default). */
  locale?: string;
  /**
   * The page's `document.title` follows the room's subject (a `changesubject` item, timed or
   * pushed). For the hosted room page only (room.js turns it on from the shell's
   * `data-page-title`); off by default, so a room on a host's own page never renames that page.
   */
  pageTitle?: boolean;
  /** Called with each phase the room shows (`confirmation`, `waiting`, `live`, `replay`, `ended`, `expired`). */
  onPhase?: (detail: { token: string; phase: RoomPhase }) => void;
  /** The local clock (tests); `Date.now` by default. */
  now?: () => number;
  /** The `EventSource` to use (tests); the browser's by default. */
  EventSource?: EventSourceLike;
}

/**
 * Builds the event room component for a framework (see `Runtime`): the registrant's page for one
 * event, from the confirmation to the replay (see the README's "Event room"). It loads the
 * snapshot after mount; a server render outputs the loading placeholder.
 */
/* @__NO_SIDE_EFFECTS__ */
export function eventRoomComponent(rt: Runtime) {
  const { h } = rt;
  const Player = playerComponent(rt);
  const Chat = chatComponent(rt);
  return function EventRoom(props: EventRoomProps): unknown {
    const [core] = rt.useState<EventRoomCore>(() =>
      createEventRoom({
        token: props.token,
        api: props.client?.room ?? roomApi(props.apiURL),
        entry: props.entry,
        baseURL: props.apiURL,
        now: props.now,
        EventSource: props.EventSource,
      }),
    );
    const root = rt.useRef<HTMLElement | null>(null);
    const latest = rt.useRef(props);
    latest.current = props;
    const id = rt.useId();
    rt.useEffect(() => {
      adoptStyles(root.current, ROOM_SHEET);
      const stop = core.phase.subscribe((phase) => phase && latest.current.onPhase?.({ token: core.snapshot.peek()?.token ?? props.token, phase }));
      void core.load();
      return () => {
        stop();
        core.dispose();
      };
    }, [core]);
    useSignals(rt, core);
    const snapshotNow = core.snapshot.value;
    const needsVideo = !!snapshotNow?.video && ["waiting", "live", "replay"].includes(core.phase.value ?? "");
    rt.useEffect(() => {
      // hls.js (where the browser needs it) starts loading with the snapshot: in the waiting room it is in before the start.
      const video = snapshotNow?.video;
      if (video && needsVideo) preloadHls(core.resolve(video.hlsScriptUrl), latest.current.loadHls);
    }, [needsVideo]);

    const waitingForHost = snapshotNow?.video?.stream === "waiting" && core.phase.value === "live";
    rt.useEffect(() => {
      if (!waitingForHost) return;
      const poll = setInterval(() => void core.load(), 5000);
      return () => clearInterval(poll);
    }, [waitingForHost]);

    const subject = core.subject.value;
    rt.useEffect(() => {
      if (latest.current.pageTitle && subject) document.title = subject;
    }, [subject]);

    const snapshot = core.snapshot.value;
    const phase = core.phase.value;
    const shell = (content: unknown, announcement?: string) =>
      h(
        "div",
        { ref: root, className: "cp cp-room", "data-phase": phase ?? core.status.value, "aria-busy": core.status.value === "loading" },
        snapshot?.customCssUrl && h("link", { rel: "stylesheet", href: core.resolve(snapshot.customCssUrl) }),
        ...[content].flat(),
        h("p", { className: "cp-sr", role: "status" }, announcement ?? ""),
      );

    if (!snapshot || !phase) {
      if (core.status.value !== "failed") return shell(h("p", { className: "cp-sr" }, "Loading the event…"));
      return shell(
        h(
          "main",
          { className: "cp-page" },
          h(
            "div",
            { className: "cp-card" },
            h("h1", null, "This event cannot be opened"),
            h("p", { className: "cp-alert", role: "alert" }, core.message.value),
            h("button", { type: "button", onClick: () => void core.load() }, "Try again"),
          ),
        ),
      );
    }

    const context: PageContext = { rt, core, snapshot, timeZone: props.timeZone, locale: props.locale };
    if (phase === "confirmation") return shell(renderConfirmation(context));
    if (phase === "waiting") return shell(renderWaiting(context));
    if (phase === "ended" || phase === "expired") return shell(renderClosed(context));

    const live = phase === "live";
    // The host broadcasts (RTMP) and has not started yet: say so, and look again every 5 s.
    const hostPending = live && snapshot.video?.stream === "waiting";
    const lastCta = core.lastCta.value;
    const end =
      live &&
      core.finished.value &&
      h(
        "div",
        { className: "cp-overlay cp-end" },
        h("h2", null, "Thanks for watching"),
        lastCta?.cta.url ? renderCtaLink(rt, core, lastCta) : h("p", null, "The event has ended."),
      );
    const audience = core.audience.value;
    const cta = core.cta.value;
    return shell(
      h(
        "main",
        { className: "cp-live" },
        h(
          "header",
          { className: "cp-head" },
          snapshot.branding.logoUrl && h("img", { className: "cp-logo", src: core.resolve(snapshot.branding.logoUrl), alt: "" }),
          h("h1", null, core.subject.value),
          audience != null && h("p", { className: "cp-audience" }, `${audience.toLocaleString(props.locale)} watching`),
          !live && h("p", { className: "cp-audience" }, "Replay"),
        ),
        h(
          "div",
          { className: "cp-stage" },
          snapshot.embed
            ? // A YouTube Live event: YouTube's player in place of ours; chat, offers and attendance stay the room's.
              h(
                "div",
                { className: "cp-player" },
                h("iframe", {
                  key: snapshot.embed.url,
                  src: snapshot.embed.url,
                  title: live ? "Live video on YouTube" : "Replay video on YouTube",
                  allow: "autoplay; encrypted-media; picture-in-picture; fullscreen",
                  allowFullScreen: true,
                  referrerPolicy: "strict-origin-when-cross-origin",
                }),
                end,
              )
            : hostPending
            ? h("div", { className: "cp-player" }, h("div", { className: "cp-overlay" }, h("p", null, "The host will start the stream soon.")))
            : snapshot.video
            ? h(Player, { key: `${phase}-${snapshot.video.playlistUrl}`, core, snapshot, video: snapshot.video, live, loadHls: props.loadHls, end })
            : h("div", { className: "cp-player" }, h("div", { className: "cp-overlay" }, end || h("p", null, live ? "The event is on. The video is not available yet." : "The recording is not available yet."))),
          renderCta(rt, core),
        ),
        h(Chat, { core, snapshot, id, live: live && !core.finished.value, timeZone: props.timeZone, locale: props.locale }),
        renderCode(context),
      ),
      cta ? `New offer: ${cta.cta.headline}` : "",
    );
  };
}
