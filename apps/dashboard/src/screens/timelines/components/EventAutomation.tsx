import type { SimulatedAction, Webinar } from "@cuepoint/sdk";
import { useState, type FormEvent } from "react";
import { client } from "../../../api/client.js";
import { formErrorsFrom, type FormErrors } from "../../../lib/formErrors.js";
import { DeliveryLog } from "../../../features/automation/DeliveryLog.js";
import { Button, Dialog, FormError, Tabs, tabPanelProps, TextField } from "../../../ui/index.js";
import { TimeZoneSelect } from "../../../ui/TimeZoneSelect.js";

/** One event's automation: its delivery log (50 a page) and a dry run for a hypothetical registrant. */
export function EventAutomation({ timelineId, event, onClose }: { timelineId: string; event: Webinar | undefined; onClose: () => void }) {
  const [tab, setTab] = useState<"log" | "simulate">("log");
  return (
    <Dialog open={Boolean(event)} onClose={onClose} title={`Automation: ${event?.name ?? ""}`} actions={<Button onClick={onClose}>Close</Button>}>
      {event && (
        <div className="stack">
          <Tabs label="Automation" selected={tab} onSelect={(id) => setTab(id as "log" | "simulate")} items={[{ id: "log", label: "Delivery log" }, { id: "simulate", label: "Simulate" }]} />
          <div {...tabPanelProps(tab)}>{tab === "log" ? <DeliveryLog scope={{ webinarID: event.webinarID }} emptyText="Nothing delivered for this event yet." /> : <Simulate timelineId={timelineId} event={event} />}</div>
        </div>
      )}
    </Dialog>
  );
}

function Simulate({ timelineId, event }: { timelineId: string; event: Webinar }) {
  const [timeZone, setTimeZone] = useState(event.timeZone);
  const [minutes, setMinutes] = useState("0");
  const [result, setResult] = useState<SimulatedAction[]>();
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const attended = Number(minutes);
    if (!Number.isInteger(attended) || attended < 0) return setErrors({ fields: { attendedSeconds: "Enter whole minutes, 0 or more." } });
    setErrors({ fields: {} });
    setBusy(true);
    try {
      const { success } = await client.automation.simulate({ webinarTimeline: timelineId, webinarID: event.webinarID, timeZone, attendedSeconds: attended * 60 });
      setResult(success);
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
      <p className="muted" style={{ margin: 0 }}>What would a new registrant of this event get, and when? Nothing is sent.</p>
      {errors.form && <FormError>{errors.form}</FormError>}
      <div className="timeline-form-row">
        <TimeZoneSelect label="Registrant's time zone" value={timeZone} error={errors.fields.timeZone} onChange={setTimeZone} />
        <TextField label="Minutes attended" inputMode="numeric" value={minutes} error={errors.fields.attendedSeconds} onChange={(e) => setMinutes(e.target.value)} />
      </div>
      <div><Button variant="primary" type="submit" busy={busy}>Simulate</Button></div>
      {result && (
        <div className="table-wrap" aria-live="polite">
          <table>
            <caption className="visually-hidden">Simulated actions</caption>
            <thead><tr><th scope="col">Action</th><th scope="col">Audience</th><th scope="col">Runs (their time)</th><th scope="col">Outcome</th></tr></thead>
            <tbody>
              {result.length === 0 && <tr><td colSpan={4}>No actions would run.</td></tr>}
              {result.map((a) => (
                <tr key={`${a.nodeKey}-${a.groupID}`}><td>{a.actionTitle || a.action}</td><td>{a.groupName}</td><td>{a.runLocal ?? a.dueLocal ?? "—"}</td><td>{a.outcome}{a.reason ? `: ${a.reason}` : ""}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </form>
  );
}
