import { useState } from "react";
import { WEBINAR_EXPORT_TYPES, type Webinar } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { AutomationPanel } from "../../features/automation/AutomationPanel.js";
import { useQuery } from "../../api/useQuery.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { Button } from "../../ui/Button.js";
import { Checkbox, Select } from "../../ui/Field.js";
import { ListState } from "../../ui/ListState.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { toast } from "../../ui/Toasts.js";
import { CoOrganizerForm } from "./CoOrganizerForm.js";
import { LiveConsole } from "./console/LiveConsole.js";
import { DeleteWebinarButtons } from "./DeleteWebinar.js";
import { DeliveryPanel } from "./DeliveryPanel.js";
import { formatWhen, saveTextFile } from "../../lib/format.js";
import { PeoplePanel } from "./PeoplePanel.js";
import { RescheduleWebinarButton } from "./RescheduleWebinar.js";
import "../../ui/screen.css";

type ExportType = (typeof WEBINAR_EXPORT_TYPES)[number];
const EXPORT_LABELS: Record<ExportType, string> = {
  registrants: "Registrants",
  attendees: "Attendees",
  nonattendees: "Non-attendees",
};

/** One webinar (/webinar/{id}): the live console (or, afterwards, its summary), details, reschedule, visibility toggle, co-organizers, hosts, agents, CSV export, what is waiting and the delivery log, delete. */
export default function WebinarScreen({ params }: ScreenProps) {
  const id = params.id ?? "";
  const webinar = useQuery(async () => (await client.webinars.get(id)).success, [id]);
  const title = webinar.data?.name ?? "Webinar";
  return (
    <>
      <PageHeader
        title={title}
        description={webinar.data ? formatWhen(webinar.data.startTime, webinar.data.timeZone) : undefined}
        actions={
          webinar.data && (
            <>
              {webinar.data.status === "upcoming" && (
                <RescheduleWebinarButton webinar={webinar.data} onRescheduled={(next) => webinar.setData(() => next)} />
              )}
              <DeleteWebinarButtons webinar={webinar.data} />
            </>
          )
        }
      />
      <ListState query={webinar} label="webinar" empty="">
        {(w) => <WebinarDetails webinar={w} onChange={(next) => webinar.setData(() => next)} reload={webinar.reload} />}
      </ListState>
    </>
  );
}

function WebinarDetails({ webinar, onChange, reload }: { webinar: Webinar; onChange: (w: Webinar) => void; reload: () => void }) {
  const [savingVisible, setSavingVisible] = useState(false);
  const [exportType, setExportType] = useState<ExportType>("registrants");
  const [exporting, setExporting] = useState(false);
  const id = webinar.webinarID;

  const toggleVisible = async (visible: boolean) => {
    setSavingVisible(true);
    try {
      const { success } = await client.webinars.updateVisibility(id, visible);
      onChange({ ...webinar, ...success, visible });
      toast.success(visible ? "The webinar is visible" : "The webinar is hidden", {
        body: visible ? "Visitors can register for it." : "It no longer shows on registration pages.",
      });
      void refreshSessionData("upcomingWebinars");
    } catch (error) {
      toast.error("The visibility did not change", { body: (error as Error).message });
    } finally {
      setSavingVisible(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await client.webinars.export({ type: exportType, webinarID: id });
      saveTextFile(`${webinar.name.replace(/[^\w-]+/g, "-")}-${exportType}.csv`, csv);
      toast.success("Export ready", { body: `${EXPORT_LABELS[exportType]} of ${webinar.name} saved as CSV.` });
    } catch (error) {
      toast.error("The export failed", { body: (error as Error).message });
    } finally {
      setExporting(false);
    }
  };

  const coOrganizers = webinar.organizers.filter((o) => o.role === "co-organizer");
  return (
    <div className="stack">
      <LiveConsole eventId={id} timeZone={webinar.timeZone} />
      <DeliveryPanel eventId={id} />
      <div className="screen-grid" style={{ margin: 0 }}>
        <section className="card stack" aria-labelledby="details-heading">
          <h2 id="details-heading" style={{ margin: 0 }}>Details</h2>
          <dl style={{ margin: 0, display: "grid", gridTemplateColumns: "auto 1fr", gap: "4px 16px" }}>
            <dt className="muted">Timeline</dt>
            <dd style={{ margin: 0 }}>{webinar.timelineName ?? "—"}</dd>
            <dt className="muted">Starts</dt>
            <dd style={{ margin: 0 }}>{formatWhen(webinar.startTime, webinar.timeZone)} ({webinar.timeZone})</dd>
            <dt className="muted">Status</dt>
            <dd style={{ margin: 0 }}>{webinar.status ?? "—"}</dd>
            <dt className="muted">Registrants</dt>
            <dd style={{ margin: 0 }}>{webinar.registrants}</dd>
            {webinar.isRecurring && (
              <>
                <dt className="muted">Series</dt>
                <dd style={{ margin: 0 }}>{webinar.childEvents.length} events</dd>
              </>
            )}
          </dl>
          <Checkbox
            label="Visible on registration pages"
            checked={webinar.visible}
            disabled={savingVisible}
            onChange={(e) => void toggleVisible(e.target.checked)}
          />
        </section>
        <section className="card stack" aria-labelledby="export-heading">
          <h2 id="export-heading" style={{ margin: 0 }}>Export</h2>
          <Select
            label="What to export"
            value={exportType}
            onChange={(e) => setExportType(e.target.value as ExportType)}
            options={WEBINAR_EXPORT_TYPES.map((t) => ({ value: t, label: EXPORT_LABELS[t] }))}
          />
          <div>
            <Button onClick={() => void exportCsv()} busy={exporting}>Export CSV</Button>
          </div>
        </section>
      </div>
      <div className="screen-grid" style={{ margin: 0 }}>
        <section className="card stack" aria-labelledby="coorganizers-heading">
          <h2 id="coorganizers-heading" style={{ margin: 0 }}>Co-organizers</h2>
          {coOrganizers.length === 0 ? (
            <p className="muted" style={{ margin: 0 }}>No co-organizers yet.</p>
          ) : (
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {coOrganizers.map((o, i) => (
                <li key={o.email ?? i}>
                  {o.name} <span className="muted">{o.email}</span>
                </li>
              ))}
            </ul>
          )}
          <CoOrganizerForm webinarId={id} onAdded={reload} />
        </section>
        <PeoplePanel
          title="Hosts"
          noun="host"
          load={() => client.webinars.hosts(id)}
          add={(p) => client.webinars.addHost(id, p)}
          remove={(pid) => client.webinars.removeHost(id, pid)}
        />
        <PeoplePanel
          title="Agents"
          noun="agent"
          load={() => client.webinars.agents(id)}
          add={(p) => client.webinars.addAgent(id, p)}
          remove={(pid) => client.webinars.removeAgent(id, pid)}
        />
      </div>
      <AutomationPanel scope={{ webinarID: id }} />
    </div>
  );
}
