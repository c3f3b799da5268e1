import { Checkbox, TextField } from "../../../../ui/index.js";
import { TextArea } from "../TextArea.js";
import { ListField } from "./ListField.js";
import type { SectionProps } from "./sectionProps.js";
import { SettingForm, withSection } from "./SettingForm.js";

/** Event info: name, description, organizer, presenters, language, visibility and on/off. */
export function EventInfoSection({ master, saveSetting }: SectionProps) {
  return (
    <SettingForm
      title="Event info"
      description="What registrants and attendees see about the event."
      master={master}
      saveSetting={saveSetting}
      paths={["general.timelineName", "general.language"]}
      check={(s) => ({ "general.timelineName": s.general.timelineName.trim() ? undefined : "Timeline name is required" })}
    >
      {(setting, update, errors) => {
        const general = setting.general;
        const set = (patch: Partial<typeof general>) => update((s) => withSection(s, "general", patch));
        return (
          <div className="settings-grid">
            <TextField label="Timeline name" value={general.timelineName} error={errors["general.timelineName"]} onChange={(e) => set({ timelineName: e.target.value })} />
            <TextField label="Organizer" value={general.organizer} onChange={(e) => set({ organizer: e.target.value })} />
            <TextArea label="Description" value={general.description} onChange={(e) => set({ description: e.target.value })} />
            <ListField label="Presenters" hint="Separate names with commas." value={general.presenters} onChange={(presenters) => set({ presenters })} />
            <TextField label="Language" hint="A language code such as en or de." value={general.language} error={errors["general.language"]} onChange={(e) => set({ language: e.target.value })} />
            <div className="stack" style={{ gap: 4 }}>
              <Checkbox label="Visible on your event pages" checked={general.visible} onChange={(e) => set({ visible: e.target.checked })} />
              <Checkbox label="Timeline runs its actions" hint="Turn off to pause every action of this timeline." checked={general.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
            </div>
          </div>
        );
      }}
    </SettingForm>
  );
}
