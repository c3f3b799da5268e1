import * as v from "valibot";

/** A live-streamed event's stream state: nothing published yet, a publish under way, the last one ended. */
export const LiveStreamStateSchema = /* @__PURE__ */ v.picklist(["waiting", "receiving", "ended"]);

const Time = /* @__PURE__ */ v.nullable(/* @__PURE__ */ v.string());

/**
 * `GET /webinars/{id}/live` → `{ success: LiveStream }`: where the host's encoder (OBS or any RTMP
 * encoder) publishes a live webinar on Cuepoint's own platform — `ingestUrl` + `/` + `streamKey`
 * (the key is secret) — and the stream's state. `streamed` false: the event plays its timeline's
 * video or runs on another platform; no key is made. `runs`: each publish, with its recording (a
 * video of the media library, the event's replay) once stored.
 *
 * @example
 * const { success: live } = await client.console.live(eventId);
 * `${live.ingestUrl}/${live.streamKey}`; // rtmp://live.example.com/live/3q2…
 */
export const LiveStreamSchema = /* @__PURE__ */ v.object({
  streamed: /* @__PURE__ */ v.boolean(),
  ingestUrl: /* @__PURE__ */ v.string(),
  streamKey: /* @__PURE__ */ v.nullable(/* @__PURE__ */ v.string()),
  state: LiveStreamStateSchema,
  runs: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.object({
      id: /* @__PURE__ */ v.string(),
      startedAt: /* @__PURE__ */ v.string(),
      endedAt: Time,
      recordingMediaId: Time,
      error: Time,
    }),
  ),
});

export type LiveStream = v.InferOutput<typeof LiveStreamSchema>;
export type LiveStreamState = v.InferOutput<typeof LiveStreamStateSchema>;
