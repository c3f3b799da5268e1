import type { DeliverySessionStatus } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { YouTubeBroadcast } from "./YouTubeBroadcast.js";

const PLATFORMS = { zoom: "Zoom", gotowebinar: "GoTo Webinar", youtube: "YouTube Live" } as const;
const STATES: Record<DeliverySessionStatus, string> = {
  none: "",
  waiting: "Being created",
  pending: "Being updated",
  ready: "Ready",
  refused: "Refused",
  cancelled: "Cancelled",
};

/**
 * Where the webinar runs when its timeline delivers on Zoom, GoTo Webinar or YouTube Live: the
 * session's state, the platform's own words when it refused (a full webinar, an expired sign-in, a
 * plan without webinars, a channel not enabled for live streaming), how many registrants hold their
 * personal link (not on YouTube: they watch in the room), YouTube's broadcast with its stream key,
 * and the latest delivery-log lines. Renders nothing for Cuepoint's own room.
 */
export function DeliveryPanel({ eventId }: { eventId: string }) {
  const delivery = useQuery(async () => (await client.webinars.delivery(eventId)).success, [eventId]);
  const d = delivery.data;
  if (!d?.platform) return null;
  const label = PLATFORMS[d.platform];
  const trouble = d.status === "refused" || d.registrants.refused > 0 || (d.status === "pending" && d.message !== "");
  return (
    <section className="card stack" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" style={{ margin: 0 }}>
        Delivered on {label}
      </h2>
      <dl style={{ margin: 0, display: "grid", gridTemplateColumns: "auto 1fr", gap: "4px 16px" }}>
        <dt className="muted">Session</dt>
        <dd style={{ margin: 0 }}>
          {STATES[d.status]}
          {d.remoteId && (
            <span className="muted">
              {" "}
              · {label} {d.remoteKind} ID {d.remoteId}
            </span>
          )}
        </dd>
        {d.platform === "youtube" ? (
          <>
            <dt className="muted">Registrants</dt>
            <dd style={{ margin: 0 }}>Watch the broadcast embedded in the event's room, through their usual link</dd>
          </>
        ) : (
          <>
            <dt className="muted">Personal links</dt>
            <dd style={{ margin: 0 }}>
              {d.registrants.registered} registered
              {d.registrants.pending > 0 && `, ${d.registrants.pending} waiting`}
              {d.registrants.refused > 0 && `, ${d.registrants.refused} refused`}
            </dd>
          </>
        )}
      </dl>
      {trouble && d.message && (
        <div className="form-error" role="alert">
          {d.message}
        </div>
      )}
      {d.platform === "youtube" && d.status === "ready" && d.remoteId && <YouTubeBroadcast eventId={eventId} />}
      {d.log.length > 0 && (
        <details>
          <summary>Delivery log</summary>
          <ul style={{ margin: "8px 0 0", paddingLeft: 20 }}>
            {d.log.slice(0, 20).map((line, i) => (
              <li key={`${line.at}-${i}`}>
                <span className="muted">{new Date(line.at).toLocaleString()}</span> {line.operation} — {line.outcome}: {line.detail}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
