import type { RoomSnapshot } from "@cuepoint/sdk";
import type { EventRoomCore } from "../core/room/createEventRoom.js";
import { formatStart } from "../core/room/format.js";
import { renderCountdown } from "./EventRoomCountdown.js";
import type { Runtime } from "./runtime.js";

/** What the page views take: the runtime, the room's core and snapshot, how to show times. */
export interface PageContext {
  rt: Runtime;
  core: EventRoomCore;
  snapshot: RoomSnapshot;
  /** The zone times are shown in (the visitor's by default) and the locale. */
  timeZone?: string;
  locale?: string;
}

const logo = ({ rt, snapshot }: PageContext) =>
  snapshot.branding.logoUrl && rt.h("img", { className: "cp-logo", src: snapshot.branding.logoUrl, alt: "" });

/** The host's code in a sandboxed frame of its own origin (`customCodeUrl`); `pixel`: invisible (the confirmation's tracking code). */
export function renderCode({ rt, core, snapshot }: PageContext, pixel = false): unknown {
  const url = snapshot.customCodeUrl;
  return (
    url &&
    rt.h("iframe", {
      key: `code-${core.phase.value}`,
      className: pixel ? "cp-code cp-pixel" : "cp-code",
      src: core.resolve(url),
      title: "Content from the host",
      sandbox: "allow-scripts allow-popups allow-forms",
      referrerPolicy: "no-referrer",
      loading: "lazy",
      ...(pixel && { tabIndex: -1, "aria-hidden": "true" }),
    })
  );
}

/** A full page of the room (confirmation, waiting, closed): the branding's background and a card. */
function page(context: PageContext, background: string | null, ...children: unknown[]): unknown {
  const { rt } = context;
  return rt.h(
    "main",
    { className: "cp-page", style: background ? { backgroundImage: `url("${context.core.resolve(background)}")` } : undefined },
    rt.h("div", { className: "cp-card" }, logo(context), ...children),
  );
}

const startTime = ({ rt, snapshot, timeZone, locale }: PageContext) =>
  rt.h("time", { dateTime: snapshot.event.startsAt }, formatStart(Date.parse(snapshot.event.startsAt), timeZone, locale));

/**
 * Before the room opens: the title, the start in the visitor's zone (named), a live countdown,
 * "Add to calendar" (the server's .ics and a Google Calendar link), the host's pixel frame.
 */
export function renderConfirmation(context: PageContext): unknown {
  const { rt, core, snapshot } = context;
  const { h } = rt;
  const view = core.view.value;
  return [
    page(
      context,
      snapshot.branding.backgroundUrl,
      h("h1", null, snapshot.event.title),
      h("p", null, "Starts ", startTime(context)),
      view && renderCountdown(rt, view.startsAt, core.now.value),
      h(
        "div",
        { className: "cp-actions" },
        h("a", { className: "cp-button", href: core.resolve(snapshot.calendar.icsUrl), download: "event.ics" }, "Add to calendar (.ics)"),
        h(
          "a",
          { className: "cp-button", href: snapshot.calendar.googleUrl, target: "_blank", rel: "noopener noreferrer" },
          "Add to Google Calendar",
        ),
      ),
      view &&
        h(
          "p",
          { className: "cp-muted" },
          `Keep this link: it opens the waiting room ${Math.round((view.startsAt - view.opensAt) / 60_000)} minutes before the start.`,
        ),
    ),
    renderCode(context, true),
  ];
}

/**
 * The waiting room: the countdown (`display.countdown`: shown in its last `duration` minutes, all
 * along when 0), the countdown image, the waiting-room background, the host's code frame. It turns
 * into the room at the start by itself (the core's clock).
 */
export function renderWaiting(context: PageContext): unknown {
  const { rt, core, snapshot } = context;
  const { h } = rt;
  const view = core.view.value;
  const { countdown } = snapshot.display;
  const image = snapshot.branding.countdownImageUrl;
  const left = view ? view.startsAt - core.now.value : 0;
  const showCountdown = countdown.enabled && (!countdown.duration || left <= countdown.duration * 60_000);
  return [
    page(
      context,
      snapshot.branding.backgroundUrl,
      h("h1", null, snapshot.event.title),
      h("p", null, "The event starts ", startTime(context), "."),
      image && h("img", { className: "cp-countdown-image", src: core.resolve(image), alt: "" }),
      showCountdown && view && renderCountdown(rt, view.startsAt, core.now.value),
      h("p", { className: "cp-muted" }, "The room opens here by itself at the start. Keep this page open."),
    ),
    renderCode(context),
  ];
}

/** After the end: "this event has ended" (no replay) or "this replay has expired". */
export function renderClosed(context: PageContext): unknown {
  const { rt, core, snapshot } = context;
  const expired = core.phase.value === "expired";
  return page(
    context,
    snapshot.branding.backgroundUrl,
    rt.h("h1", null, snapshot.event.title),
    rt.h("p", null, expired ? "This replay has expired." : "This event has ended."),
    rt.h("p", { className: "cp-muted" }, expired ? "The recording is no longer available." : "Thank you for your interest."),
  );
}
