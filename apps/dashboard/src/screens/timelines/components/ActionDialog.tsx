import { integrationCatalogue, isCuepointError, ruleContextOf, type ActionField, type GeneralSetting, type MediaItem, type TimelineNode } from "@cuepoint/sdk";
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button, Checkbox, Dialog, Select, TextField } from "../../../ui/index.js";
import { draftOf, emptyDraft, isClean, nodeOf, problemsOf, timingLabel, type ActionDraft, type ActionSource, type DraftProblems } from "./actionDraft.js";
import { DAY_OPTIONS } from "./dayOptions.js";
import { MessageField } from "./messages/MessageField.js";
import { sampleVariables } from "./messages/sampleVariables.js";
import { TextArea } from "./TextArea.js";
import { MediaField } from "./widgets/MediaField.js";
import { ServiceListField } from "./ServiceListField.js";
import { picksFromService, scopedLists } from "./serviceLists.js";
import { useServiceLists, type ServiceListsQuery } from "./useServiceLists.js";

export interface ActionDialogProps {
  open: boolean;
  /** The node being edited; a new action when undefined. */
  node?: TimelineNode | undefined;
  /** The day a new action starts on. */
  day?: number;
  general: GeneralSetting;
  sources: readonly ActionSource[];
  audios: readonly MediaItem[];
  images: readonly MediaItem[];
  /** Saves the node; a rejection's message is shown in the dialog (the server's rule message). */
  onSave: (node: TimelineNode) => Promise<void>;
  onClose: () => void;
  /** Said above the form (an action added to a past event says for which); hides the multi-event day choice. */
  note?: ReactNode;
  /** The dialog's title for a new action. */
  title?: string;
}

/** The node tied to a multi-event day (`model.dayKey`), or to none (spec §4 "multi-event nodes are tied to day keys"). */
export function withDayKey(node: TimelineNode, dayKey: string): TimelineNode {
  const { dayKey: _old, ...model } = node.model;
  return { ...node, model: dayKey ? { ...model, dayKey } : model };
}

const NONE = { value: "", label: "Choose…" };

/**
 * The add / edit action form: when (day, relative or clock time), who (audience group), where
 * (live room or an integration) and what (the catalogue action and its fields). Saving judges the
 * action with the SDK's rules first and shows a refusal inline, as the server's would be.
 */
export function ActionDialog({ open, node, day = 0, general, sources, audios, images, onSave, onClose, note, title }: ActionDialogProps) {
  const groups = general.userGroup;
  const days = note ? [] : general.multiEvents.settings;
  const [dayKey, setDayKey] = useState("");
  const [draft, setDraft] = useState<ActionDraft>(() => (node ? draftOf(node, sources) : emptyDraft(groups[0]?.id ?? "", day)));
  const [problems, setProblems] = useState<DraftProblems>({ fields: {} });
  const [saving, setSaving] = useState(false);
  const refusal = useRef<HTMLDivElement>(null);
  // The refusal sits next to the buttons; bring it into view in a tall dialog.
  useEffect(() => {
    refusal.current?.scrollIntoView({ block: "nearest" });
  }, [problems.rule]);

  useEffect(() => {
    if (!open) return;
    setDraft(node ? draftOf(node, sources) : emptyDraft(groups[0]?.id ?? "", day));
    setDayKey(typeof node?.model.dayKey === "string" ? node.model.dayKey : "");
    setProblems({ fields: {} });
  }, [open, node]);

  const source = sources.find((s) => s.value === draft.source);
  // The chosen integration's tags, audiences…: the list fields' choices and the rule's caches.
  const lists = useServiceLists(source);
  const listCaches = lists.query.status === "ready" && lists.query.data ? scopedLists(lists.query.data, draft.model) : undefined;
  const definition = source?.actions.find((a) => a.key === draft.action);
  const set = (patch: Partial<ActionDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setModel = (name: string, value: string) => setDraft((d) => ({ ...d, model: { ...d.model, [name]: value } }));
  const preview = withDayKey(nodeOf(draft, sources, groups, node), days.some((d) => d.dayKey === dayKey) ? dayKey : "");
  const variables = useMemo(() => sampleVariables(general, [], new Date()), [general]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const judged = problemsOf(draft, preview, ruleContextOf(general), listCaches);
    setProblems(judged);
    if (!isClean(judged)) return;
    setSaving(true);
    try {
      await onSave(preview);
    } catch (error) {
      const field = isCuepointError(error) ? error.field : undefined;
      const message = error instanceof Error ? error.message : String(error);
      if (field && !field.startsWith("blocks")) setProblems({ fields: { [field]: message } });
      else setProblems({ rule: message, fields: {} });
    } finally {
      setSaving(false);
    }
  };

  const formId = "timeline-action-form";
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={node ? "Edit action" : (title ?? "Add an action")}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} busy={saving}>
            {node ? "Save action" : "Add action"}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {note && <p className="muted" style={{ margin: 0 }}>{note}</p>}
        {days.length > 0 && (
          <Select label="Multi-event day" value={dayKey} onChange={(e) => setDayKey(e.target.value)}
            options={[{ value: "", label: "Every event" }, ...days.map((d) => ({ value: d.dayKey, label: `${d.eventName || d.dayKey} only` }))]}
            hint="An action tied to a day fires only for the events scheduled for that day, timed from that day's event." />
        )}
        <fieldset className="fieldset">
          <legend>When</legend>
          <Select label="Day" value={String(draft.day)} onChange={(e) => set({ day: Number(e.target.value) })} options={DAY_OPTIONS} />
          <Checkbox label="At a clock time on that day" checked={draft.isExact} onChange={(e) => set({ isExact: e.target.checked, hours: e.target.checked ? "9" : "0", minutes: e.target.checked ? "0" : "10" })} />
          <div className="timeline-form-row">
            <TextField label={draft.isExact ? "Hour" : "Hours"} inputMode="numeric" value={draft.hours} onChange={(e) => set({ hours: e.target.value })} error={problems.fields.hours} />
            <TextField label="Minutes" inputMode="numeric" value={draft.minutes} onChange={(e) => set({ minutes: e.target.value })} error={problems.fields.minutes} />
            {draft.isExact ? (
              <Select label="AM / PM" value={draft.amPm} onChange={(e) => set({ amPm: e.target.value as "AM" | "PM" })} options={[{ value: "AM", label: "AM" }, { value: "PM", label: "PM" }]} />
            ) : draft.day === 0 ? (
              <Select label="Relative to the start" value={String(draft.direction)} onChange={(e) => set({ direction: Number(e.target.value) === -1 ? -1 : 1 })} options={[{ value: "-1", label: "Before" }, { value: "1", label: "After" }]} />
            ) : null}
          </div>
          <p className="muted" aria-live="polite" style={{ margin: 0 }}>
            Fires {Number.isNaN(preview.hours) || Number.isNaN(preview.minutes) ? "…" : timingLabel(preview)}.
          </p>
        </fieldset>
        <Select
          label="Audience"
          value={draft.groupID}
          onChange={(e) => set({ groupID: e.target.value })}
          options={[NONE, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
          error={problems.fields.groupID}
        />
        <Select
          label="Runs through"
          value={draft.source}
          onChange={(e) => set({ source: e.target.value, action: "" })}
          options={[NONE, ...sources.map((s) => ({ value: s.value, label: s.label }))]}
          error={problems.fields.source ?? problems.fields.integrationID}
          hint={sources.length === 1 ? "Connect an integration (email, SMS, webhook…) to run other actions." : undefined}
        />
        <Select
          label="Action"
          value={draft.action}
          onChange={(e) => set({ action: e.target.value })}
          options={[NONE, ...(source?.actions ?? []).map((a) => ({ value: a.key, label: a.label }))]}
          error={problems.fields.action}
        />
        <TextField label="Title (optional)" value={draft.actionTitle} onChange={(e) => set({ actionTitle: e.target.value })} placeholder={definition?.label} />
        {definition?.fields.map((field) => (
          <ActionFieldInput
            key={`${draft.action}-${field.name}`}
            field={field}
            service={source ? integrationCatalogue[source.kind].label : ""}
            value={draft.model[field.name] ?? ""}
            onChange={(value) => setModel(field.name, value)}
            error={problems.fields[field.name]}
            audios={audios}
            images={images}
            model={draft.model}
            lists={lists}
            message={messageFormat(field, definition.fields)}
            variables={variables}
          />
        ))}
        {problems.rule && (
          <div className="rule-refusal" role="alert" ref={refusal}>
            <strong>This action can't be saved.</strong> {problems.rule}
          </div>
        )}
      </form>
    </Dialog>
  );
}

interface FieldInputProps {
  field: ActionField;
  service: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  audios: readonly MediaItem[];
  images: readonly MediaItem[];
  /** The form's values (a tag choice follows the chosen audience). */
  model: Readonly<Record<string, string>>;
  /** The chosen integration's lists, for fields picked from them. */
  lists: ServiceListsQuery;
  /** A message sent to the registrant (email body, SMS, MMS): merge tags and a preview beside it. */
  message: "email" | "text" | undefined;
  /** The preview's merge values (the sample registrant). */
  variables: Record<string, string>;
}

/** Whether a field is a message to the registrant: an email body beside a subject, or an SMS/MMS text. */
function messageFormat(field: ActionField, fields: readonly ActionField[]): "email" | "text" | undefined {
  if (field.kind !== "textarea") return undefined;
  if (field.name === "message" && fields.some((f) => f.name === "emailSubject")) return "email";
  return field.name === "smsText" || field.name === "mmsText" ? "text" : undefined;
}

/** One catalogue field of an action, as the input its kind asks for. */
function ActionFieldInput({ field, service, value, onChange, error, audios, images, model, lists, message, variables }: FieldInputProps) {
  const label = field.required ? field.label : `${field.label} (optional)`;
  const common = { label, value, error, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  if (message) {
    return (
      <MessageField label={label} value={value} onChange={onChange} error={error} placeholder={field.placeholder} format={message}
        subject={message === "email" ? (model.emailSubject ?? "") : undefined} fields={[]} variables={variables} rows={4} />
    );
  }
  if (field.kind === "textarea") return <TextArea {...common} placeholder={field.placeholder} />;
  if (field.options) return <Select {...common} options={[NONE, ...field.options]} />;
  if (field.kind === "audio" || field.kind === "image") {
    return <MediaField label={label} value={value} error={error} onChange={onChange} kind={field.kind} known={field.kind === "audio" ? audios : images} />;
  }
  // "Mailchimp audience": the dialog has its own Audience (the event's groups).
  const named = `${service} ${field.label.toLowerCase()}${field.required ? "" : " (optional)"}`;
  if (picksFromService(field) && lists.available) {
    return <ServiceListField field={field} label={named} service={service} value={value} model={model} lists={lists} onChange={onChange} error={error} />;
  }
  if (field.list) {
    // A service whose lists the server does not read (or the live room): the entry's id, typed.
    return <TextField {...common} label={named} hint={`The id of ${field.noun ?? `the ${field.label.toLowerCase()}`} in ${service}.`} placeholder={field.placeholder} />;
  }
  return <TextField {...common} type={field.kind === "url" ? "url" : field.kind === "number" ? "number" : "text"} placeholder={field.placeholder} />;
}
