import { client } from "../../../../api/client.js";
import { useQuery } from "../../../../api/useQuery.js";
import { ListState } from "../../../../ui/index.js";
import { TimelineViewerWidget } from "./lazyWidgets.js";

/**
 * The actions a wizard template brings, read-only (the `TimelineViewer` widget), shown before the
 * host creates a timeline from it. Mount it with `key={templateId}` so a new pick starts fresh.
 *
 * @example
 * <TemplatePreview key={id} templateId={id} name="Live webinar with reminders" />
 */
export function TemplatePreview({ templateId, name }: { templateId: string; name: string }) {
  const template = useQuery(async () => (await client.timelines.wizardTemplate(templateId, { timelineNodes: true })).success, [templateId]);
  return (
    <section className="card stack" aria-labelledby="template-preview-heading">
      <div>
        <h2 id="template-preview-heading" style={{ marginBottom: 4 }}>Preview: {name}</h2>
        <p className="muted" style={{ margin: 0 }}>The actions this template adds, by day. You can change them in the editor once the timeline is created.</p>
      </div>
      <ListState query={template} label="template's actions" empty="">
        {(found) => (
          <div className="template-preview">
            <TimelineViewerWidget blocks={found.timelineNodes ?? {}} title="Actions" />
          </div>
        )}
      </ListState>
    </section>
  );
}
