import { useEffect, useState, type ReactNode } from "react";
import { TextField } from "../../../../ui/index.js";

/**
 * A comma-separated list typed as text: keeps what is typed and reports the trimmed, non-empty
 * entries.
 *
 * @example
 * <ListField label="Presenters" value={presenters} onChange={setPresenters} />
 */
export function ListField({ label, value, onChange, hint, error }: { label: string; value: readonly string[]; onChange: (list: string[]) => void; hint?: ReactNode; error?: string | undefined }) {
  const [text, setText] = useState(value.join(", "));
  const joined = value.join(", ");
  useEffect(() => {
    setText((current) => (parse(current).join(", ") === joined ? current : joined));
  }, [joined]);
  return (
    <TextField label={label} hint={hint} error={error} value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parse(e.target.value));
      }} />
  );
}

const parse = (text: string) => text.split(",").map((entry) => entry.trim()).filter(Boolean);
