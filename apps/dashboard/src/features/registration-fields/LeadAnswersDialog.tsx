import type { Lead } from "@cuepoint/sdk";
import { formatWhen } from "../../lib/format.js";
import { useSessionData } from "../../session/dataStore.js";
import { Button, Dialog } from "../../ui/index.js";
import { answerRows } from "./fieldList.js";
import "./registrationFields.css";

/**
 * One lead's registration: name, email, phone, when, and the answers to the registration fields,
 * labelled and ordered as the lead's timeline asks them (an answer to a field the timeline no
 * longer has is shown under its key, after the others).
 *
 * @example
 * <LeadAnswersDialog lead={lead} onClose={() => setShown(undefined)} />
 */
export function LeadAnswersDialog({ lead, onClose }: { lead: Lead | undefined; onClose: () => void }) {
  const masters = useSessionData("masters").data ?? [];
  const master = lead && masters.find((m) => String(m.id) === lead.webinarTimeline);
  const rows = lead ? answerRows(lead.customFields ?? {}, master?.setting.registration.customForms ?? []) : [];
  return (
    <Dialog open={!!lead} onClose={onClose} title={`Registration of ${lead?.name || lead?.email || "the lead"}`} actions={<Button onClick={onClose}>Close</Button>}>
      {lead && (
        <div className="stack">
          <dl className="rf-answers">
            <dt>Name</dt><dd>{lead.name || "—"}</dd>
            <dt>Email</dt><dd>{lead.email || "—"}</dd>
            <dt>Phone</dt><dd>{lead.phone || "—"}</dd>
            <dt>Timeline</dt><dd>{master?.timelineName ?? "—"}</dd>
            <dt>Registered</dt><dd>{formatWhen(lead.created_at)}</dd>
          </dl>
          <h3 style={{ margin: 0 }}>Answers</h3>
          {rows.length === 0 ? (
            <p className="muted" style={{ margin: 0 }}>No answers: the form asked no custom questions, or they were left blank.</p>
          ) : (
            <dl className="rf-answers" aria-label="Answers">
              {rows.map((row) => (
                <div key={row.key} style={{ display: "contents" }}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
    </Dialog>
  );
}
