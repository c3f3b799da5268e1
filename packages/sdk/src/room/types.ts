/**
 * The event room's shapes (issue 11, ROOM-CONTRACT.md). Epoch milliseconds everywhere; the wire
 * schemas in `schemas/room.ts` check exactly these shapes.
 */

/** The page a registrant sees: before the room opens, waiting room, live room, replay, or a closed page. */
export type RoomPhase = "confirmation" | "waiting" | "live" | "replay" | "ended" | "expired";

/** Which personal link the registrant came through: `/join/{token}` or `/replay/{token}`. */
export type RoomEntry = "join" | "replay";

/** The replay window of `general.replay`: `days`/`hours`/`minutes` after the end, `expireOnMid`. */
export interface RoomReplayWindow {
  enabled: boolean;
  days: number;
  hours: number;
  minutes: number;
  expireOnMid: boolean;
}

/** Everything the room's rules need to know about one event's times. */
export interface RoomTiming {
  /** The event's start, epoch ms. */
  startsAt: number;
  /**
   * Length of the live part in seconds: the program (intro + video or split videos + outro) when
   * there is a video, else `general.scheduleLength` hours.
   */
  liveSeconds: number;
  /** `general.joinStart`: minutes before the start the waiting room opens. */
  joinStartMinutes: number;
  /** `general.replayStart`: an arrival later than this many minutes after the start gets the replay. */
  replayStartMinutes: number;
  replay: RoomReplayWindow;
  /** The event's IANA zone (where `expireOnMid`'s midnight is). */
  timeZone: string;
  /**
   * Present when the host starts the event (issue 13: `semi-automatic`, `manual` or
   * `manualControl`); absent for an automatic one. See {@link RoomControlState}.
   */
  control?: RoomControlState | undefined;
}

/**
 * The host's start and end of a hand-run event. Until `startedAt` the room stays the waiting room
 * (even past the scheduled start); once started, `RoomTiming.startsAt` IS `startedAt`. `manual`:
 * the live part lasts until `endedAt` (open until then); `semi-automatic`: it ends with the program.
 */
export interface RoomControlState {
  mode: "semi-automatic" | "manual";
  startedAt: number | null;
  endedAt: number | null;
}

/** What `roomViewAt` answers: the phase at an instant and the instants that bound it. */
export interface RoomView {
  phase: RoomPhase;
  /** `startsAt - joinStart`: the waiting room opens. */
  opensAt: number;
  startsAt: number;
  /** `startsAt + liveSeconds`: the live part ends. */
  endsAt: number;
  /** The replay expires; null when there is no replay or it never expires. */
  replayUntil: number | null;
  /** Live: seconds since the start, clamped to [0, liveSeconds]; every other phase: 0. */
  positionSeconds: number;
  /** The instant the phase changes by itself; null when it never does. */
  nextChangeAt: number | null;
}
