import { timeZoneChoices } from "@cuepoint/sdk";
import { useId, useMemo, useState, type ReactNode } from "react";

export interface TimeZoneSelectProps {
  label: ReactNode;
  /** The IANA zone; one the spec's list lacks (saved earlier) is shown first and kept. */
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * Every time-zone picker of the dashboard: the spec's list of about 60 zones (the SDK's
 * `TIME_ZONE_LIST`), each with its offset today, and a search that narrows it by place, zone or
 * offset ("tokyo", "utc+1"). The chosen zone always stays in the list, so searching never changes it.
 *
 * @example
 * <TimeZoneSelect label="Time zone" value={zone} onChange={setZone} error={errors.timeZone} />
 */
export function TimeZoneSelect({ label, value, onChange, error, hint }: TimeZoneSelectProps) {
  const id = useId();
  const [query, setQuery] = useState("");
  const at = useMemo(() => new Date(), []);
  const choices = useMemo(() => timeZoneChoices(value, at, query), [value, at, query]);
  const others = choices.filter((choice) => choice.zone !== value).length;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`, query && `${id}-count`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field time-zone-field">
      <label htmlFor={`${id}-select`}>{label}</label>
      <input
        type="search"
        className="time-zone-search"
        aria-label="Search time zones"
        placeholder="Search: city, zone or UTC+1"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-controls={`${id}-select`}
      />
      <select id={`${id}-select`} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
        {choices.map((choice) => (
          <option key={choice.zone} value={choice.zone}>
            {choice.label}
          </option>
        ))}
      </select>
      {query && (
        <div id={`${id}-count`} className="field-hint" role="status">
          {others === 0 ? "No other time zone matches." : `${others} ${others === 1 ? "zone matches" : "zones match"}: choose one in the list.`}
        </div>
      )}
      {hint && <div id={`${id}-hint`} className="field-hint">{hint}</div>}
      {error && <span id={`${id}-error`} className="field-error">{error}</span>}
    </div>
  );
}
