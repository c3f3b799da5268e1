import { useState, type ReactNode } from "react";
import { Button } from "./Button.js";
import { toast } from "./Toasts.js";

const copy = (what: string, text: string) =>
  navigator.clipboard.writeText(text).then(
    () => toast.success(`${what} copied.`),
    () => toast.error(`${what} could not be copied: select it and copy it by hand.`),
  );

/**
 * Where an RTMP encoder (OBS…) sends the stream: the server address and the secret stream key,
 * hidden until shown (`initiallyShown`: a key just made), each with a copy button. `children` go beside the key (e.g. "New key").
 * Used by Cuepoint's own live broadcast and by YouTube Live's.
 *
 * @example
 * <EncoderFields server={live.ingestUrl} streamKey={live.streamKey} />
 */
export function EncoderFields(props: { server: string; streamKey: string; initiallyShown?: boolean; children?: ReactNode }) {
  const { server, streamKey, children } = props;
  const [shown, setShown] = useState(props.initiallyShown ?? false);
  return (
    <dl className="live-fields">
      <dt>Server</dt>
      <dd>
        <code>{server}</code>
        <Button onClick={() => void copy("The server address", server)}>Copy server</Button>
      </dd>
      <dt>Stream key</dt>
      <dd>
        <code aria-label={shown ? undefined : "Stream key, hidden"}>{shown ? streamKey : "•".repeat(16)}</code>
        <Button onClick={() => setShown(!shown)}>{shown ? "Hide" : "Show"}</Button>
        <Button onClick={() => void copy("The stream key", streamKey)}>Copy key</Button>
        {children}
      </dd>
    </dl>
  );
}
