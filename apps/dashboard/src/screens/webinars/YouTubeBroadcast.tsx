import type { YouTubeBroadcastState } from "@cuepoint/sdk";
import { useCallback, useEffect, useState } from "react";
import { client } from "../../api/client.js";
import { EncoderFields } from "../../ui/EncoderFields.js";

/** YouTube's liveBroadcast `status.lifeCycleStatus`, said for the host. */
const LIFE_CYCLE: Record<string, string> = {
  created: "Created — no stream bound yet",
  ready: "Ready — start your encoder",
  testStarting: "Starting the test",
  testing: "Testing — preview it in YouTube Studio",
  liveStarting: "Going live",
  live: "Live on YouTube — attendees see it in the room",
  complete: "Ended",
  revoked: "Removed by YouTube",
};
/** The bound liveStream's `status.streamStatus`. */
const STREAM: Record<string, string> = {
  active: "Receiving your stream",
  ready: "Waiting for your encoder",
  inactive: "Waiting for your encoder",
  created: "Waiting for your encoder",
  error: "YouTube reports an error with the stream",
};
/** How often YouTube is asked while the screen is open (each ask costs quota: two list calls). */
const POLL_MS = 15_000;

/**
 * Where the host broadcasts a webinar delivered on YouTube Live: the broadcast's state as YouTube
 * has it, the RTMP server and the secret stream key (hidden until shown) with copy buttons, and a
 * link to the broadcast in YouTube Studio. YouTube's words when it could not be asked.
 *
 * @example
 * <YouTubeBroadcast eventId={eventId} />
 */
export function YouTubeBroadcast({ eventId }: { eventId: string }) {
  const [view, setView] = useState<YouTubeBroadcastState>();
  const load = useCallback(
    () =>
      client.webinars.deliveryYoutube(eventId).then(({ success }) => setView(success), () => undefined),
    [eventId],
  );
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [load]);
  if (!view) return null;

  const live = view.lifeCycleStatus === "live";
  return (
    <div className="stack" aria-labelledby="youtube-heading">
      <div className="console-head">
        <h3 id="youtube-heading" style={{ margin: 0 }}>
          YouTube broadcast
        </h3>
        {view.lifeCycleStatus && (
          <span className="console-connection" data-status={live ? "live" : "connecting"} role="status">
            {LIFE_CYCLE[view.lifeCycleStatus] ?? view.lifeCycleStatus}
          </span>
        )}
      </div>
      {view.message && (
        <div className="form-error" role="alert">
          {view.message}
        </div>
      )}
      {view.streamName && (
        <>
          <p className="muted" style={{ margin: 0 }}>
            In OBS (or any RTMP encoder): Settings → Stream → Service “Custom”, then the server and the key below. The broadcast is unlisted;
            registrants watch it in the event's room{view.streamStatus ? ` · ${STREAM[view.streamStatus] ?? view.streamStatus}` : ""}.
          </p>
          <EncoderFields server={view.ingestionAddress} streamKey={view.streamName} />
        </>
      )}
      <a href={view.studioUrl} target="_blank" rel="noreferrer">
        Open the broadcast in YouTube Studio
      </a>
    </div>
  );
}
