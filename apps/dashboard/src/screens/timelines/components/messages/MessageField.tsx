import { useId, useRef } from "react";
import "./messages.css";
import { TextArea } from "../TextArea.js";
import { MergeTagList } from "./MergeTagList.js";
import { MessagePreview } from "./MessagePreview.js";

export interface MessageFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  placeholder?: string | undefined;
  /** The email's subject, for the preview; absent for a text message. */
  subject?: string | undefined;
  format: "email" | "text";
  /** The timeline's registration fields (their `{custom.<name>}` tags). */
  fields: readonly { name: string; label?: string }[];
  variables: Record<string, string>;
  rows?: number;
}

/**
 * A message body with its merge tags beside it (a click inserts the tag at the cursor) and a
 * live preview for the sample registrant below: the autoresponder's mails and the timeline's
 * email, SMS and MMS actions share it.
 *
 * @example
 * <MessageField label="Body" value={body} onChange={setBody} subject={title} format="email" fields={fields} variables={variables} />
 */
export function MessageField({ label, value, onChange, error, hint, placeholder, subject, format, fields, variables, rows = 6 }: MessageFieldProps) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const insert = (tag: string) => {
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + tag + value.slice(end));
    // Back to the body, the cursor after the tag, once React has written the new value.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };
  return (
    <div className="message-field">
      <div className="message-field-edit">
        <TextArea id={id} ref={area} label={label} value={value} rows={rows} error={error} hint={hint} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
        <MergeTagList fields={fields} onInsert={insert} label={`Merge tags for ${label.toLowerCase()}`} />
      </div>
      <MessagePreview subject={subject} body={value} variables={variables} format={format} />
    </div>
  );
}
