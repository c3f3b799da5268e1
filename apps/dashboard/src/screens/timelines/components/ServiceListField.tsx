import type { ActionField } from "@cuepoint/sdk";
import { Button, Select, TextField } from "../../../ui/index.js";
import { listChoices } from "./serviceLists.js";
import type { ServiceListsQuery } from "./useServiceLists.js";

export interface ServiceListFieldProps {
  field: ActionField;
  label: string;
  /** The service's name, for messages ("Mailchimp"). */
  service: string;
  value: string;
  /** The form's other values (tags follow the chosen audience). */
  model: Readonly<Record<string, string>>;
  lists: ServiceListsQuery;
  onChange: (value: string) => void;
  error: string | undefined;
}

/**
 * An action field whose value is an entry of one of the service's lists: a select of the loaded
 * entries with a Refresh button; while loading, a status line; when loading failed, the service's
 * message with Retry and a text box to type the id meanwhile.
 *
 * @example
 * <ServiceListField field={field} label="Tag" service="Mailchimp" value={v} model={draft.model} lists={lists} onChange={set} error={e} />
 */
export function ServiceListField({ field, label, service, value, model, lists, onChange, error }: ServiceListFieldProps) {
  const { query, refresh } = lists;
  const noun = field.noun ?? `the ${field.label.toLowerCase()}`;
  if (query.status === "error") {
    return (
      <div className="stack" style={{ gap: 4 }}>
        <TextField
          label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={error}
          hint={`Could not load the lists of ${service}: ${query.error?.message ?? "unknown error"}. Type the id of ${noun}, or retry.`}
        />
        <div>
          <Button onClick={refresh}>Retry</Button>
        </div>
      </div>
    );
  }
  if (query.status === "loading" || !query.data) {
    return (
      <div className="field">
        <span>{label}</span>
        <p className="muted" role="status" style={{ margin: 0 }}>
          Loading {field.label.toLowerCase()} choices from {service}…
        </p>
      </div>
    );
  }
  const choices = listChoices(field, query.data, model, value);
  return (
    <div style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Select
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={choices.length === 0 ? `${service} has no ${field.label.toLowerCase()} choices yet; add one there, then Refresh.` : undefined}
        options={[{ value: "", label: "Choose…" }, ...choices]}
        />
      </div>
      <Button onClick={refresh} aria-label={`Refresh ${field.label.toLowerCase()} from ${service}`} style={{ marginTop: 26 }}>
        Refresh
      </Button>
    </div>
  );
}
