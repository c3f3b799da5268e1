import { createMasterSetting, type TimelineMaster, type WizardTemplate } from "@cuepoint/sdk";
import { client } from "../../../api/client.js";
import { useQuery, type Query } from "../../../api/useQuery.js";
import { refreshSessionData } from "../../../session/dataStore.js";
import { ListState } from "../../../ui/index.js";
import { TemplatePreview } from "./widgets/TemplatePreview.js";

/** The "start from scratch" choice next to the server's templates. */
export const BLANK = "blank";

/**
 * Creates a timeline from a wizard template (its setting, then its actions), or a blank one.
 *
 * @example
 * const timeline = await createFromTemplate("live-webinar-reminders", "Spring launch");
 */
export async function createFromTemplate(templateId: string, name: string, general: { timeStamp?: number | null } = {}): Promise<TimelineMaster> {
  if (templateId === BLANK) {
    const { success } = await client.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: name, ...general } }) });
    void refreshSessionData("masters");
    return success;
  }
  const { success: template } = await client.timelines.wizardTemplate(templateId, { webinarTimelines: true, timelineNodes: true });
  const setting = template.webinarTimeline?.setting ?? createMasterSetting();
  const { success: created } = await client.timelines.setMaster({ blocks: { ...setting, general: { ...setting.general, timelineName: name, ...general } } });
  const nodes = template.timelineNodes ?? {};
  if (Object.values(nodes).some((list) => list.length > 0)) {
    await client.timelines.setEvents({ webinarTimeline: created.id, blocks: nodes, isPast: false });
  }
  void refreshSessionData("masters");
  return created;
}

/** The server's wizard templates, searched. @example const templates = useWizardTemplates(search); */
export function useWizardTemplates(search: string): Query<WizardTemplate[]> {
  return useQuery(async () => (await client.timelines.wizardTemplates(search.trim() ? { search: search.trim() } : {})).success, [search]);
}

/** Template cards as one radio group, with "Blank timeline" last; the picked template's actions below. */
export function TemplatePicker({ templates, selected, onSelect }: { templates: Query<WizardTemplate[]>; selected: string; onSelect: (id: string, name: string) => void }) {
  return (
    <ListState query={templates} label="templates" empty="No template matches; start from a blank timeline.">
      {(list) => (
        <>
          <div className="template-grid" role="radiogroup" aria-label="Templates">
            {[...list, { id: BLANK, name: "Blank timeline", description: "Start with the default settings and no actions." }].map((template) => (
              <label key={template.id} className="card template-card">
                <span className="row">
                  <input type="radio" name="wizard-template" value={template.id} checked={selected === template.id} onChange={() => onSelect(template.id, template.id === BLANK ? "" : template.name)} />
                  <strong>{template.name}</strong>
                </span>
                {template.description && <span className="muted">{template.description}</span>}
              </label>
            ))}
          </div>
          {selected && selected !== BLANK && list.some((t) => t.id === selected) && (
            <TemplatePreview key={selected} templateId={selected} name={list.find((t) => t.id === selected)?.name ?? ""} />
          )}
        </>
      )}
    </ListState>
  );
}
