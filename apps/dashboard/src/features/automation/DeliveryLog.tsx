import { useState, type FormEvent } from "react";
import type { DeliveriesQuery } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { Button, ListState, Pagination, Select, TextField } from "../../ui/index.js";
import { formatInZone, hostTimeZone, OUTCOME_LABELS, toneOf, type JobScope } from "./jobFormat.js";

const PAGE_SIZE = 50;
type OutcomeFilter = NonNullable<DeliveriesQuery["outcome"]> | "";

const OUTCOME_FILTERS: { value: OutcomeFilter; label: string }[] = [
  { value: "", label: "Any outcome" },
  ...(Object.entries(OUTCOME_LABELS) as [OutcomeFilter, string][]).map(([value, label]) => ({ value, label })),
];

/**
 * The delivery log in the same readable form as the jobs: when (the host's zone, named), the
 * action's title, the registrant, the outcome and why; filtered by outcome and a search; 50 a page.
 */
export function DeliveryLog({ scope, emptyText = "Nothing delivered here yet." }: { scope: JobScope; emptyText?: string }) {
  const zone = hostTimeZone();
  const [outcome, setOutcome] = useState<OutcomeFilter>("");
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const scopeKey = JSON.stringify(scope);
  const log = useQuery(
    () => client.automation.deliveries({ ...scope, page, outcome: outcome || undefined, search: search || undefined }),
    [scopeKey, page, outcome, search],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearch(typed.trim());
  };
  return (
    <div className="stack">
      <form role="search" aria-label="Filter the delivery log" className="row" style={{ alignItems: "flex-end", flexWrap: "wrap" }} onSubmit={submit}>
        <Select
          label="Outcome"
          value={outcome}
          onChange={(e) => {
            setOutcome(e.target.value as OutcomeFilter);
            setPage(1);
          }}
          options={OUTCOME_FILTERS}
        />
        <TextField label="Search the log" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <div className="field">
          <Button type="submit">Search</Button>
        </div>
      </form>
      <ListState query={log} label="deliveries" isEmpty={(answer) => answer.success.length === 0} empty={search || outcome ? "No log lines match." : emptyText}>
        {(answer) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Delivery log, page {page}</caption>
              <thead>
                <tr>
                  <th scope="col">When ({zone})</th>
                  <th scope="col">Action</th>
                  <th scope="col">Registrant</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {answer.success.map((d) => (
                  <tr key={d.id}>
                    <td><time dateTime={d.at}>{formatInZone(d.at, zone)}</time></td>
                    <td>{d.actionTitle}</td>
                    <td style={{ overflowWrap: "anywhere" }}>{d.registrantName || d.registrantEmail}{d.registrantName && <div className="muted">{d.registrantEmail}</div>}</td>
                    <td>
                      <span className="badge" data-tone={toneOf(d.outcome)}>{OUTCOME_LABELS[d.outcome]}</span>
                      {d.attempt > 1 ? <div className="muted">try {d.attempt}</div> : null}
                    </td>
                    <td style={{ overflowWrap: "anywhere", minWidth: 160 }}>{d.detail || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      <Pagination page={page} pageCount={Math.ceil((log.data?.total ?? 0) / PAGE_SIZE)} onPage={setPage} label="Delivery log pages" />
    </div>
  );
}
