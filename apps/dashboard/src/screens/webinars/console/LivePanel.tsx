import { useCallback, useEffect, useState } from "react";
import type { Client, LiveStream, LiveStreamState } from "@cuepoint/sdk";
import { Button } from "../../../ui/Button.js";
import { confirmAction } from "../../../ui/Dialog.js";
import { EncoderFields } from "../../../ui/EncoderFields.js";
import { toast } from "../../../ui/Toasts.js";

/** The live stream's calls (the SDK's `client.console.live` / `newStreamKey`, unwrapped); tests pass a fake. */
export interface LiveStreamApi {
  get(id: string): Promise<LiveStream>;
  newKey(id: string): Promise<LiveStream>;
}

export const liveStreamApiOf = (client: Client): LiveStreamApi => ({
  get: async (id) => (await client.console.live(id)).success,
  newKey: async (id) => (await client.console.newStreamKey(id)).success,
});

const STATE_TEXT: Record<LiveStreamState, string> = {
  waiting: "Waiting for your encoder",
  receiving: "Receiving your stream — attendees see it in the room",
  ended: "Your stream has ended",
};
/** How often the stream's state is asked while the console is open. */
const POLL_MS = 5000;

/**
 * Where the host broadcasts a live webinar on Cuepoint's own platform: the RTMP server address and
 * the secret stream key (hidden until shown), each with a copy button, a new key, and the stream's
 * state (waiting / receiving / ended), asked every 5 s. Nothing for an event that plays a video.
 *
 * @example
 * <LivePanel eventId={eventId} api={liveStreamApiOf(client)} />
 */
export function LivePanel({ eventId, api }: { eventId: string; api: LiveStreamApi }) {
  const [live, setLive] = useState<LiveStream>();
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState(false);
  const load = useCallback(() => api.get(eventId).then(setLive, () => undefined), [api, eventId]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [load]);
  if (!live?.streamed || !live.streamKey) return null;

  const replaceKey = async () => {
    const sure = await confirmAction({
      title: "Make a new stream key?",
      body: "The current key stops working: put the new one in your encoder before you go live again.",
      confirmLabel: "New key",
    });
    if (!sure) return;
    setBusy(true);
    try {
      setLive(await api.newKey(eventId));
      setFresh(true);
    } catch (error) {
      toast.error(`The key was not replaced: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="console-panel console-live" aria-labelledby="live-heading">
      <div className="console-head">
        <h3 id="live-heading">Broadcast</h3>
        <span className="console-connection" data-status={live.state === "receiving" ? "live" : "connecting"} role="status">
          {STATE_TEXT[live.state]}
        </span>
      </div>
      <p className="muted">In OBS (or any RTMP encoder): Settings → Stream → Service “Custom”, then the server and the key below.</p>
      <EncoderFields key={live.streamKey} server={live.ingestUrl} streamKey={live.streamKey} initiallyShown={fresh}>
        <Button variant="ghost" busy={busy} onClick={() => void replaceKey()}>
          New key
        </Button>
      </EncoderFields>
    </section>
  );
}
