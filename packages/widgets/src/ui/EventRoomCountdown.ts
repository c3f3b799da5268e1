import { countdownAnnouncement, countdownParts } from "../core/room/format.js";
import type { Runtime } from "./runtime.js";

/**
 * The countdown to `to` (epoch ms, server time) at `now`: days (from one), hours, minutes, seconds
 * in a `timer` (read on demand, never announced by itself), and a polite live region that speaks
 * only when the time left crosses a threshold (`countdownAnnouncement`).
 */
export function renderCountdown(rt: Runtime, to: number, now: number): unknown {
  const { h } = rt;
  const { days, hours, minutes, seconds } = countdownParts(to - now);
  const part = (value: number, unit: string) =>
    h("span", { key: unit }, h("b", null, String(value).padStart(2, "0")), `${unit}${value === 1 ? "" : "s"}`);
  return h(
    "div",
    { className: "cp-countdown-wrap" },
    h(
      "div",
      { className: "cp-countdown", role: "timer", "aria-label": "Time left until the start" },
      days > 0 && part(days, "day"),
      part(hours, "hour"),
      part(minutes, "minute"),
      part(seconds, "second"),
    ),
    h("p", { className: "cp-sr", "aria-live": "polite" }, countdownAnnouncement(to - now)),
  );
}
