/** How the event's start and end come: by the clock, started by the host, or started and ended by the host. */
export type RoomControl = "automatic" | "semi-automatic" | "manual";

/**
 * The control of an event from its timeline: `manual` (or `manualControl.enabled`) — the host
 * starts and ends it; `semi-automatic` — the host starts it and the program ends it; else the clock.
 *
 * @example
 * roomControlOf({ webinarType: "automatic", manualControl: { enabled: true } }); // "manual"
 */
export function roomControlOf(general: { webinarType?: string; manualControl?: { enabled?: boolean } }): RoomControl {
  if (general.webinarType === "manual" || general.manualControl?.enabled === true) return "manual";
  return general.webinarType === "semi-automatic" ? "semi-automatic" : "automatic";
}
