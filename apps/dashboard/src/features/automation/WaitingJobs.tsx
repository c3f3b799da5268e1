import { useState, type FormEvent } from "react";
import type { ScheduledAction, ScheduledActionSummary, ScheduledQuery } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { Button, confirmAction, ListState, Pagination, Select, TextField, toast } from "../../ui/index.js";
import { formatInZone, hostTimeZone, STATUS_LABELS, toneOf, type JobScope } from "./jobFormat.js";

const PAGE_SIZE = 50;
type StatusFilter = NonNullable<ScheduledQuery["status"]> | "";

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "", label: "Any status" },
  { value: "waiting", label: "Waiting" },
  { value: "sent", label: "Sent" },
  { value: "dead", label: "Failed" },
  { value: "skipped", label: "Skipped" },
  { value: "canceled", label: "Canceled" },
];

const waitingOf = (a: ScheduledActionSummary) => a.counts.pending + a.counts.queued;

/**
 * What is waiting: the scope's jobs counted per action (cancel all waiting jobs of one), then each
 * job — action title, registrant, due time in the host's zone, status and reason — filtered by
 * action, status and a search, with cancel (waiting) and send again (failed).
 */
export function WaitingJobs({ scope }: { scope: JobScope }) {
  const zone = hostTimeZone();
  const [nodeKey, setNodeKey] = useState("");
  const [status, setStatus] = useState<StatusFilter>("");
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string>();
  const scopeKey = JSON.stringify(scope);
  const actions = useQuery(() => client.automation.scheduledActions(scope), [scopeKey]);
  const jobs = useQuery(
    () => client.automation.scheduled({ ...scope, page, nodeKey: nodeKey || undefined, status: status || undefined, search: search || undefined }),
    [scopeKey, page, nodeKey, status, search],
  );
  const reload = () => {
    actions.reload();
    jobs.reload();
  };

  const run = async (key: string, call: () => Promise<unknown>, done: string, body?: string) => {
    setBusy(key);
    try {
      await call();
      toast.success(done, { body });
      reload();
    } catch (error) {
      toast.error("That did not work", { body: (error as Error).message });
      reload();
    } finally {
      setBusy(undefined);
    }
  };

  const cancelAll = async (action: ScheduledActionSummary) => {
    const count = waitingOf(action);
    const ok = await confirmAction({
      title: `Cancel ${count} waiting ${count === 1 ? "job" : "jobs"} of “${action.actionTitle}”?`,
      body: "They will not run. What was already sent stays sent; the action stays on the timeline for new registrants.",
      confirmLabel: "Cancel jobs",
    });
    if (!ok) return;
    await run(
      `all:${action.nodeKey}`,
      async () => {
        const { success } = await client.automation.cancelScheduled({ ...scope, nodeKey: action.nodeKey });
        return success;
      },
      "Jobs canceled",
      `${count} waiting ${count === 1 ? "job" : "jobs"} of “${action.actionTitle}” will not run.`,
    );
  };

  const cancelOne = async (job: ScheduledAction) => {
    const ok = await confirmAction({ title: `Cancel “${job.actionTitle}” for ${job.registrantName || job.registrantEmail}?`, confirmLabel: "Cancel job" });
    if (!ok) return;
    await run(job.id, () => client.automation.cancelScheduled({ webinarID: job.eventId, nodeKey: job.nodeKey, uuid: job.registrantId }), "Job canceled");
  };

  const resend = (job: ScheduledAction) =>
    run(
      job.id,
      () => client.automation.resendScheduled({ webinarID: job.eventId, nodeKey: job.nodeKey, uuid: job.registrantId }),
      "Sending again",
      `“${job.actionTitle}” for ${job.registrantEmail} runs again now.`,
    );

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearch(typed.trim());
  };

  return (
    <div className="stack">
      <p className="muted" style={{ margin: 0 }}>Times are in your time zone, {zone}.</p>
      <ListState query={actions} label="actions" isEmpty={(a) => a.success.length === 0} empty="No actions are scheduled here yet: jobs appear as people register.">
        {({ success }) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Jobs per action</caption>
              <thead>
                <tr>
                  <th scope="col">Action</th>
                  <th scope="col">Waiting</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Failed</th>
                  <th scope="col" className="hide-narrow">Canceled</th>
                  <th scope="col">Next due</th>
                  <th scope="col"><span className="visually-hidden">Cancel</span></th>
                </tr>
              </thead>
              <tbody>
                {success.map((a) => (
                  <tr key={a.nodeKey}>
                    <th scope="row">{a.actionTitle}</th>
                    <td>{waitingOf(a)}</td>
                    <td>{a.counts.sent}</td>
                    <td>{a.counts.dead}</td>
                    <td className="hide-narrow">{a.counts.canceled}</td>
                    <td>{formatInZone(a.nextDueAt, zone)}</td>
                    <td>
                      <div className="cell-actions">
                        <Button disabled={waitingOf(a) === 0} busy={busy === `all:${a.nodeKey}`} onClick={() => void cancelAll(a)} aria-label={`Cancel all waiting jobs of ${a.actionTitle}`}>
                          Cancel all waiting
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      <form role="search" aria-label="Filter jobs" className="row" style={{ alignItems: "flex-end", flexWrap: "wrap" }} onSubmit={submitSearch}>
        <Select
          label="Action"
          value={nodeKey}
          onChange={(e) => {
            setNodeKey(e.target.value);
            setPage(1);
          }}
          options={[{ value: "", label: "Every action" }, ...(actions.data?.success ?? []).map((a) => ({ value: a.nodeKey, label: a.actionTitle }))]}
        />
        <Select
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as StatusFilter);
            setPage(1);
          }}
          options={STATUS_FILTERS}
        />
        <TextField label="Search registrant or action" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <div className="field">
          <Button type="submit">Search</Button>
        </div>
      </form>
      <ListState query={jobs} label="jobs" isEmpty={(j) => j.success.length === 0} empty="No jobs match.">
        {({ success }) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Scheduled jobs, page {page}</caption>
              <thead>
                <tr>
                  <th scope="col">Action</th>
                  <th scope="col">Registrant</th>
                  <th scope="col">Due</th>
                  <th scope="col">Status</th>
                  <th scope="col">Reason</th>
                  <th scope="col"><span className="visually-hidden">Job actions</span></th>
                </tr>
              </thead>
              <tbody>
                {success.map((job) => (
                  <tr key={job.id}>
                    <td>{job.actionTitle}</td>
                    <td>
                      {job.registrantName || job.registrantEmail}
                      {job.registrantName && <div className="muted" style={{ overflowWrap: "anywhere" }}>{job.registrantEmail}</div>}
                    </td>
                    <td><time dateTime={job.dueAt}>{formatInZone(job.dueAt, zone)}</time></td>
                    <td><span className="badge" data-tone={toneOf(job.status)}>{STATUS_LABELS[job.status]}</span></td>
                    <td style={{ overflowWrap: "anywhere", minWidth: 160 }}>{job.detail || "—"}</td>
                    <td>
                      <div className="cell-actions">
                      {(job.status === "pending" || job.status === "queued") && (
                        <Button busy={busy === job.id} onClick={() => void cancelOne(job)} aria-label={`Cancel ${job.actionTitle} for ${job.registrantEmail}`}>Cancel</Button>
                      )}
                      {job.status === "dead" && (
                        <Button busy={busy === job.id} onClick={() => void resend(job)} aria-label={`Send ${job.actionTitle} again to ${job.registrantEmail}`}>Send again</Button>
                      )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      <Pagination page={page} pageCount={Math.ceil((jobs.data?.total ?? 0) / PAGE_SIZE)} onPage={setPage} label="Scheduled jobs pages" />
    </div>
  );
}
