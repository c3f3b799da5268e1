import { fillMergeTags, renderMessage, SAMPLE_REGISTRANT } from "@cuepoint/sdk";
import { useMemo } from "react";

export interface MessagePreviewProps {
  /** The email's subject; absent for a text message. */
  subject?: string | undefined;
  body: string;
  /** The merge values (`sampleVariables`). */
  variables: Record<string, string>;
  /** `email` shows the HTML the server sends; `text` the filled text (SMS, MMS). */
  format: "email" | "text";
}

/**
 * A live preview of a message for the sample registrant, rendered by the SDK's `renderMessage`,
 * the same renderer the server sends with. The HTML is the renderer's: the host's text and every
 * merge value escaped, so it is safe to place in the page.
 *
 * @example
 * <MessagePreview subject={title} body={body} variables={sampleVariables(general, fields, new Date())} format="email" />
 */
export function MessagePreview({ subject, body, variables, format }: MessagePreviewProps) {
  const rendered = useMemo(() => renderMessage(body, variables), [body, variables]);
  const who = `${SAMPLE_REGISTRANT.name} <${SAMPLE_REGISTRANT.email}>`;
  return (
    <section className="message-preview" aria-label="Preview">
      <p className="message-preview-meta muted">
        Preview for {who}, times in their zone ({SAMPLE_REGISTRANT.timeZone}, {variables.event_timezone})
      </p>
      {subject !== undefined && (
        <p className="message-preview-subject">
          <span className="muted">Subject: </span>
          {fillMergeTags(subject, variables) || <span className="muted">(no subject)</span>}
        </p>
      )}
      {format === "email" ? (
        // Safe: renderMessage escapes the host's text and every merge value (packages/sdk/src/messages).
        <div className="message-preview-body" dangerouslySetInnerHTML={{ __html: rendered.html || "<p>(empty)</p>" }} />
      ) : (
        <p className="message-preview-body message-preview-text">{rendered.text || "(empty)"}</p>
      )}
    </section>
  );
}
