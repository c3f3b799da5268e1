import * as v from "valibot";
import { OptionalUrlSchema, TimestampSchema } from "./fields.js";

/*
 * The event room's wire shapes (issue 11): what `GET /api/public/room/{token}` answers and what
 * its channel sends. The room module's rules (`roomViewAt`…) produce the timing and view parts;
 * `RoomTiming`, `RoomView`, `RoomPhase` and `RoomEntry` are declared there, and a type test keeps
 * them and these schemas the same.
 */

/* @__NO_SIDE_EFFECTS__ */
function nonNegative() {
  return v.pipe(v.number(), v.finite(), v.minValue(0));
}

/* @__NO_SIDE_EFFECTS__ */
function wholeNonNegative() {
  return v.pipe(v.number(), v.integer(), v.minValue(0));
}

/* @__NO_SIDE_EFFECTS__ */
function epochMs() {
  return v.pipe(v.number(), v.safeInteger());
}

/** Longest id a room item (a live-script node key) may have on the wire. */
export const ROOM_ITEM_ID_MAX_LENGTH = 200;

/** The page a registrant sees at an instant (see `roomViewAt`). */
export const RoomPhaseSchema = /* @__PURE__ */ v.picklist(["confirmation", "waiting", "live", "replay", "ended", "expired"]);
/** The personal link a registrant came through. */
export const RoomEntrySchema = /* @__PURE__ */ v.picklist(["join", "replay"]);

/** One event's room timing (see `roomTimingOf`); epoch ms, seconds and minutes as named. */
export const RoomTimingSchema = /* @__PURE__ */ v.object({
  startsAt: /* @__PURE__ */ epochMs(),
  liveSeconds: /* @__PURE__ */ nonNegative(),
  joinStartMinutes: /* @__PURE__ */ wholeNonNegative(),
  replayStartMinutes: /* @__PURE__ */ wholeNonNegative(),
  replay: /* @__PURE__ */ v.object({
    enabled: /* @__PURE__ */ v.boolean(),
    days: /* @__PURE__ */ wholeNonNegative(),
    hours: /* @__PURE__ */ wholeNonNegative(),
    minutes: /* @__PURE__ */ wholeNonNegative(),
    expireOnMid: /* @__PURE__ */ v.boolean(),
  }),
  timeZone: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty()),
  /** Issue 13: the host's start and end of a semi-automatic or manual event (absent: automatic). */
  control: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.object({
      mode: /* @__PURE__ */ v.picklist(["semi-automatic", "manual"]),
      startedAt: /* @__PURE__ */ v.nullable(/* @__PURE__ */ epochMs()),
      endedAt: /* @__PURE__ */ v.nullable(/* @__PURE__ */ epochMs()),
    }),
  ),
});

/** The view of `roomViewAt`: the phase and the instants that bound it (epoch ms). */
export const RoomViewSchema = /* @__PURE__ */ v.object({
  phase: RoomPhaseSchema,
  opensAt: /* @__PURE__ */ epochMs(),
  startsAt: /* @__PURE__ */ epochMs(),
  endsAt: /* @__PURE__ */ epochMs(),
  replayUntil: /* @__PURE__ */ v.nullable(/* @__PURE__ */ epochMs()),
  positionSeconds: /* @__PURE__ */ nonNegative(),
  nextChangeAt: /* @__PURE__ */ v.nullable(/* @__PURE__ */ epochMs()),
});

/** The part of a room item each action carries. */
const ITEM_PART = { livechat: "chat", cta: "cta", changesubject: "subject" } as const;

/**
 * One timed live-event action as the room shows it (see `roomItemOf`): an auto-chat message
 * (`chat`), a call-to-action popup (`cta`; `buttonText`/`url` "" when the host set none, `url`
 * always an http(s) address) or a subject change (`subject`), `offsetSeconds` after the start.
 * The item carries the part its action names.
 *
 * @example
 * v.parse(RoomItemSchema, { id: "n1", action: "livechat", offsetSeconds: 95, chat: { name: "Ann", message: "Hi!" } });
 */
export const RoomItemSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.object({
    id: /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.string(),
      /* @__PURE__ */ v.nonEmpty(),
      /* @__PURE__ */ v.maxLength(ROOM_ITEM_ID_MAX_LENGTH),
    ),
    action: /* @__PURE__ */ v.picklist(["livechat", "cta", "changesubject"]),
    offsetSeconds: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.number(), /* @__PURE__ */ v.finite()),
    chat: /* @__PURE__ */ v.optional(
      /* @__PURE__ */ v.object({ name: /* @__PURE__ */ v.string(), message: /* @__PURE__ */ v.string() }),
    ),
    cta: /* @__PURE__ */ v.optional(
      /* @__PURE__ */ v.object({
        headline: /* @__PURE__ */ v.string(),
        subheadline: /* @__PURE__ */ v.string(),
        buttonText: /* @__PURE__ */ v.string(),
        url: OptionalUrlSchema,
      }),
    ),
    subject: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  }),
  /* @__PURE__ */ v.check(
    (item) => item[ITEM_PART[item.action]] !== undefined,
    (issue) => `A ${issue.input.action} item needs its ${ITEM_PART[issue.input.action]}.`,
  ),
);

/** The room's display options, from the timeline's settings. */
export const RoomDisplaySchema = /* @__PURE__ */ v.object({
  countdown: /* @__PURE__ */ v.object({ enabled: /* @__PURE__ */ v.boolean(), duration: /* @__PURE__ */ wholeNonNegative() }),
  timeCounter: /* @__PURE__ */ v.object({
    enabled: /* @__PURE__ */ v.boolean(),
    direction: /* @__PURE__ */ v.picklist(["up", "down"]),
  }),
  pip: /* @__PURE__ */ v.object({ enabled: /* @__PURE__ */ v.boolean(), seconds: /* @__PURE__ */ wholeNonNegative() }),
  muteAll: /* @__PURE__ */ v.boolean(),
  audience: /* @__PURE__ */ v.picklist(["real", "hidden", "simulated"]),
  /** `mode` (issue 13): who reads attendees' messages (`chatModeOf`); `canned`: quick replies offered to attendees. */
  chat: /* @__PURE__ */ v.object({
    enabled: /* @__PURE__ */ v.boolean(),
    timestamps: /* @__PURE__ */ v.boolean(),
    mode: /* @__PURE__ */ v.picklist(["private", "public"]),
    canned: /* @__PURE__ */ v.array(/* @__PURE__ */ v.string()),
  }),
});

const NullableString = /* @__PURE__ */ v.nullable(/* @__PURE__ */ v.string());

/**
 * `GET /api/public/room/{token}` → `{ success: RoomSnapshot }`: everything one registrant's room
 * page needs at `serverNow`. `view` is `roomViewAt(timing, serverNow, entry)`; `items` holds the
 * live-event actions already due in the live phase, all of them in the replay, none before; a CTA
 * never travels before its second. `registrant` says nothing about anyone but its own name and
 * zone. `video` is null while there is no playable video.
 *
 * @example
 * const { success: room } = await client.room.get(token);
 * v.parse(RoomSnapshotSchema, room).view.phase; // "waiting"
 */
export const RoomSnapshotSchema = /* @__PURE__ */ v.object({
  token: /* @__PURE__ */ v.string(),
  entry: RoomEntrySchema,
  serverNow: /* @__PURE__ */ epochMs(),
  platform: /* @__PURE__ */ v.picklist(["aevent", "vsl"]),
  timing: RoomTimingSchema,
  view: RoomViewSchema,
  event: /* @__PURE__ */ v.object({
    title: /* @__PURE__ */ v.string(),
    subject: /* @__PURE__ */ v.string(),
    startsAt: TimestampSchema,
    timeZone: /* @__PURE__ */ v.string(),
    description: /* @__PURE__ */ v.string(),
    presenters: /* @__PURE__ */ v.array(/* @__PURE__ */ v.string()),
  }),
  registrant: /* @__PURE__ */ v.object({ name: /* @__PURE__ */ v.string(), timeZone: /* @__PURE__ */ v.string() }),
  branding: /* @__PURE__ */ v.object({
    logoUrl: NullableString,
    faviconUrl: NullableString,
    backgroundUrl: NullableString,
    countdownImageUrl: NullableString,
  }),
  display: RoomDisplaySchema,
  video: /* @__PURE__ */ v.nullable(
    /* @__PURE__ */ v.object({
      playlistUrl: /* @__PURE__ */ v.string(),
      posterUrl: NullableString,
      durationSeconds: /* @__PURE__ */ nonNegative(),
      hlsScriptUrl: /* @__PURE__ */ v.string(),
      /**
       * Present when the host broadcasts the event live (RTMP): the stream's state at `serverNow`.
       * The player then follows the stream's live edge instead of the event's clock, and says the
       * host will start soon while it is not `receiving`.
       */
      stream: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(["waiting", "receiving", "ended"])),
    }),
  ),
  /**
   * The event is broadcast on YouTube Live (delivery platform `youtube`): from the start to the
   * replay the room shows YouTube's player (`url`, a youtube-nocookie.com embed of the broadcast) in
   * place of its own, with its own chat, offers and attendance around it. `video` is then null.
   */
  embed: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.nullable(/* @__PURE__ */ v.object({ provider: /* @__PURE__ */ v.literal("youtube"), url: /* @__PURE__ */ v.string() })),
  ),
  items: /* @__PURE__ */ v.array(RoomItemSchema),
  audience: /* @__PURE__ */ v.nullable(/* @__PURE__ */ wholeNonNegative()),
  calendar: /* @__PURE__ */ v.object({ icsUrl: /* @__PURE__ */ v.string(), googleUrl: /* @__PURE__ */ v.string() }),
  channelUrl: /* @__PURE__ */ v.string(),
  customCodeUrl: NullableString,
  customCssUrl: NullableString,
});

export type RoomItem = v.InferOutput<typeof RoomItemSchema>;
export type RoomDisplay = v.InferOutput<typeof RoomDisplaySchema>;
export type RoomSnapshot = v.InferOutput<typeof RoomSnapshotSchema>;
