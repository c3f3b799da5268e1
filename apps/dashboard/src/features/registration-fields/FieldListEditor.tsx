import type { CustomFormField } from "@cuepoint/sdk";
import { useId, useRef, useState, type DragEvent } from "react";
import { Button, Checkbox, Select, TextField } from "../../ui/index.js";
import { FIELD_TYPES, isChoice, moveField, optionLines, relabel, typeLabel, type FieldErrors } from "./fieldList.js";
import "./registrationFields.css";

export interface FieldListEditorProps {
  /** The custom fields, in the order the form shows them. */
  fields: readonly CustomFormField[];
  onChange: (fields: CustomFormField[]) => void;
  /** Errors by `N.name` / `N.options` (fieldList's `checkFields`, or the server's field without its prefix). */
  errors?: FieldErrors;
  /** Names the list for screen readers ("Registration fields", "Template fields"). */
  label: string;
}

let keyCount = 0;
const newKey = () => `f${++keyCount}`;

/**
 * The form builder's list of custom fields: each with its label, type, answer key, whether it is
 * required and, for a drop-down or choice buttons, its options (one a line). Fields are reordered
 * by dragging their handle or with the Move up / Move down buttons (focus stays on the moved
 * field's button), added at the end and removed. Controlled: `fields` in, `onChange` out.
 *
 * @example
 * <FieldListEditor label="Registration fields" fields={fields} onChange={setFields} errors={errors} />
 */
export function FieldListEditor({ fields, onChange, errors = {}, label }: FieldListEditorProps) {
  // Stable React keys beside the fields (moving a field moves its key), rebuilt when the list
  // is replaced from outside (a discard, a template added).
  const keys = useRef<string[]>([]);
  if (keys.current.length !== fields.length) keys.current = fields.map((_, i) => keys.current[i] ?? newKey());
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [dragging, setDragging] = useState<number>();
  const [announcement, setAnnouncement] = useState("");

  const set = (index: number, field: CustomFormField) => onChange(fields.map((f, i) => (i === index ? field : f)));
  const move = (from: number, to: number, focus?: "up" | "down") => {
    if (to < 0 || to >= fields.length || from === to) return;
    keys.current = moveField(keys.current, from, to);
    const moved = fields[from];
    onChange(moveField(fields, from, to));
    setAnnouncement(`${moved?.label || "Field"} moved to position ${to + 1} of ${fields.length}.`);
    if (focus) {
      const key = keys.current[to];
      // At the top or bottom the button is disabled: keep the focus on its sibling instead.
      const side = (to === 0 && focus === "up") || (to === fields.length - 1 && focus === "down") ? (focus === "up" ? "down" : "up") : focus;
      requestAnimationFrame(() => buttons.current.get(`${key}-${side}`)?.focus());
    }
  };
  const remove = (index: number) => {
    keys.current = keys.current.filter((_, i) => i !== index);
    setAnnouncement(`${fields[index]?.label || "Field"} removed.`);
    onChange(fields.filter((_, i) => i !== index));
  };
  const add = () => {
    keys.current = [...keys.current, newKey()];
    onChange([...fields, { name: "", label: "", type: "text", required: false }]);
    const key = keys.current.at(-1);
    requestAnimationFrame(() => document.getElementById(`${key}-label`)?.focus());
  };
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== undefined) move(dragging, to);
    setDragging(undefined);
  };

  return (
    <div className="stack">
      {fields.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>No custom fields yet: the form asks for name, email and phone only.</p>
      ) : (
        <ol className="rf-list" aria-label={label}>
          {fields.map((field, index) => {
            const key = keys.current[index] ?? String(index);
            const title = field.label || `Field ${index + 1}`;
            return (
              <li
                key={key}
                className="rf-item"
                data-dragging={dragging === index || undefined}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => drop(event, index)}
              >
                <div className="rf-head">
                  <span
                    className="rf-handle"
                    draggable
                    title="Drag to reorder"
                    aria-hidden="true"
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = "move";
                      event.dataTransfer.setData("text/plain", String(index));
                      setDragging(index);
                    }}
                    onDragEnd={() => setDragging(undefined)}
                  >
                    ⋮⋮
                  </span>
                  <strong className="rf-title">
                    {index + 1}. {title} <span className="muted rf-type">{typeLabel(field.type)}{field.required ? ", required" : ""}</span>
                  </strong>
                  <div className="row rf-moves">
                    <button type="button" className="btn" ref={(el) => { buttons.current.set(`${key}-up`, el); }} disabled={index === 0}
                      onClick={() => move(index, index - 1, "up")} aria-label={`Move ${title} up`}>↑</button>
                    <button type="button" className="btn" ref={(el) => { buttons.current.set(`${key}-down`, el); }} disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1, "down")} aria-label={`Move ${title} down`}>↓</button>
                    <Button variant="danger" onClick={() => remove(index)} aria-label={`Remove ${title}`}>Remove</Button>
                  </div>
                </div>
                <FieldEditor field={field} idBase={key} errors={errors} index={index} onChange={(f) => set(index, f)} />
              </li>
            );
          })}
        </ol>
      )}
      <div><Button onClick={add}>Add a field</Button></div>
      <p className="visually-hidden" role="status">{announcement}</p>
    </div>
  );
}

function FieldEditor({ field, idBase, index, errors, onChange }: { field: CustomFormField; idBase: string; index: number; errors: FieldErrors; onChange: (field: CustomFormField) => void }) {
  const optionsId = useId();
  const optionsError = errors[`${index}.options`];
  // The options as typed (blank lines while typing); the field keeps them trimmed, blanks left out.
  const [optionsText, setOptionsText] = useState(() => (field.options ?? []).join("\n"));
  if (!sameList(optionLines(optionsText), field.options ?? [])) setOptionsText((field.options ?? []).join("\n"));
  return (
    <div className="stack rf-body">
      <div className="rf-grid">
        <TextField id={`${idBase}-label`} label="Label" value={field.label} onChange={(e) => onChange(relabel(field, e.target.value))}
          error={field.label ? undefined : errors[`${index}.name`]} />
        <Select label="Type" value={field.type} options={FIELD_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          onChange={(e) => {
            const type = e.target.value as CustomFormField["type"];
            onChange({ ...field, type, ...(isChoice({ type }) && !field.options?.length && { options: ["Option 1", "Option 2"] }) });
          }} />
        <TextField label="Answer key" value={field.name} error={field.label ? errors[`${index}.name`] : undefined}
          hint="The CSV column and merge tag; name, email or phone changes the built-in field."
          onChange={(e) => onChange({ ...field, name: e.target.value })} />
      </div>
      {isChoice(field) && (
        <div className="field">
          <label htmlFor={optionsId}>Options, one a line</label>
          <textarea id={optionsId} rows={Math.max(3, (field.options?.length ?? 0) + 1)} value={optionsText}
            aria-invalid={optionsError ? true : undefined} aria-describedby={optionsError ? `${optionsId}-error` : undefined}
            onChange={(e) => {
              setOptionsText(e.target.value);
              onChange({ ...field, options: optionLines(e.target.value) });
            }} />
          {optionsError && <span id={`${optionsId}-error`} className="field-error">{optionsError}</span>}
        </div>
      )}
      {field.type !== "hidden" && (
        <Checkbox label={field.type === "checkbox" ? "Required (must be ticked to register)" : "Required"} checked={field.required}
          onChange={(e) => onChange({ ...field, required: e.target.checked })} />
      )}
    </div>
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);
