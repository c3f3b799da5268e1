import { defaultAudienceSegments, type AudienceCondition, type AudienceSegment } from "@cuepoint/sdk";
import { useState } from "react";
import { Button, confirmAction, Select, TextField } from "../../../../ui/index.js";
import type { SectionProps } from "./sectionProps.js";
import { SettingForm, withSection } from "./SettingForm.js";

const OPERATORS = [
  { value: "eq", label: "equals" },
  { value: "neq", label: "is not" },
  { value: "gt", label: "is more than" },
  { value: "gte", label: "is at least" },
  { value: "lt", label: "is less than" },
  { value: "lte", label: "is at most" },
] as const;
const DEFAULT_IDS = new Set(defaultAudienceSegments().map((s) => s.id));

const describe = (segment: AudienceSegment) =>
  segment.condition
    ? `${segment.condition.field} ${OPERATORS.find((o) => o.value === segment.condition?.op)?.label ?? segment.condition.op} ${segment.condition.value}`
    : "Everyone who registered";

/** Audience: the segments (user groups) actions target; the three defaults stay, custom ones can be added and removed. */
export function AudienceSection({ master, saveSetting }: SectionProps) {
  const [name, setName] = useState("");
  const [field, setField] = useState("attendedHour");
  const [op, setOp] = useState<AudienceCondition["op"]>("gt");
  const [value, setValue] = useState("0");
  const [nameError, setNameError] = useState<string>();
  return (
    <SettingForm title="Audience" description="Segments your actions can target." master={master} saveSetting={saveSetting} paths={["general.userGroup"]}>
      {(setting, update, errors) => {
        const segments = setting.general.userGroup;
        const add = () => {
          if (!name.trim()) return setNameError("Segment name is required");
          setNameError(undefined);
          const numeric = Number(value);
          const segment: AudienceSegment = {
            id: `g${Date.now().toString(36)}`,
            name: name.trim(),
            condition: { field: field.trim() || "attendedHour", op, value: value.trim() !== "" && Number.isFinite(numeric) ? numeric : value },
          };
          update((s) => withSection(s, "general", { userGroup: [...s.general.userGroup, segment] }));
          setName("");
        };
        const remove = async (segment: AudienceSegment) => {
          if (!(await confirmAction({ title: `Remove the segment "${segment.name}"?`, body: "Actions that target it keep its id but reach nobody until you pick another audience. Save to apply.", confirmLabel: "Remove" }))) return;
          update((s) => withSection(s, "general", { userGroup: s.general.userGroup.filter((g) => g.id !== segment.id) }));
        };
        return (
          <div className="stack">
            {errors["general.userGroup"] && <span className="field-error">{errors["general.userGroup"]}</span>}
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">Audience segments</caption>
                <thead><tr><th scope="col">Segment</th><th scope="col">Who</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
                <tbody>
                  {segments.map((segment) => (
                    <tr key={segment.id}>
                      <td>{segment.name}</td>
                      <td>{describe(segment)}</td>
                      <td>{!DEFAULT_IDS.has(segment.id) && <Button variant="danger" onClick={() => void remove(segment)} aria-label={`Remove ${segment.name}`}>Remove</Button>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <fieldset className="fieldset">
              <legend>New segment</legend>
              <div className="settings-grid">
                <TextField label="Segment name" value={name} error={nameError} onChange={(e) => setName(e.target.value)} />
                <TextField label="Registrant field" value={field} onChange={(e) => setField(e.target.value)} hint="attendedHour, or a field such as tag" />
                <Select label="Condition" value={op} options={OPERATORS.map((o) => ({ ...o }))} onChange={(e) => setOp(e.target.value as typeof op)} />
                <TextField label="Value" value={value} onChange={(e) => setValue(e.target.value)} />
              </div>
              <div><Button onClick={add}>Add segment</Button></div>
            </fieldset>
          </div>
        );
      }}
    </SettingForm>
  );
}
