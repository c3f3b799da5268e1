import { useEffect, useId, useState } from "react";
import { formatNumber, formatStay } from "./consoleFormat.js";
import { secondsPresent, type ConsoleState } from "./consoleState.js";

/** Rows shown at once: a full room (10,000) is searched, not scrolled. */
const SHOWN = 200;

/** A re-render every `ms`, so durations move on between presence events. */
function useTick(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** Who is in the room now (server-observed), for how long, and the count attendees see. */
export function PresencePanel({ state }: { state: Pick<ConsoleState, "present" | "simulated" | "clockOffset"> }) {
  const now = useTick(10_000);
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const needle = filter.trim().toLowerCase();
  const rows = state.present
    .filter((p) => !needle || p.name.toLowerCase().includes(needle) || p.email.toLowerCase().includes(needle))
    .sort((a, b) => a.since - b.since);
  return (
    <section className="console-panel" aria-labelledby="console-presence-heading">
      <h3 id="console-presence-heading">In the room</h3>
      <ul className="console-counts">
        <li>
          <strong>{formatNumber(state.present.length)}</strong>
          <span className="muted">really here now</span>
        </li>
        <li>
          <strong>{state.simulated === null ? "Hidden" : formatNumber(state.simulated)}</strong>
          <span className="muted">{state.simulated === null ? "attendees see no count" : "the count attendees see"}</span>
        </li>
      </ul>
      {state.present.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>Nobody is in the room right now.</p>
      ) : (
        <>
          {state.present.length > 10 && (
            <div className="field">
              <label htmlFor={filterId}>Find someone</label>
              <input id={filterId} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name or email" />
            </div>
          )}
          <div className="table-wrap console-people" tabIndex={0} role="region" aria-label="People in the room">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="hide-narrow">Email</th>
                  <th scope="col">In the room</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN).map((p) => (
                  <tr key={p.registrantId}>
                    <td>
                      {p.name}
                      <div className="muted console-only-narrow">{p.email}</div>
                    </td>
                    <td className="hide-narrow">{p.email}</td>
                    <td>{formatStay(secondsPresent(state, p, now))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length > SHOWN && (
            <p className="muted" style={{ margin: 0 }}>
              Showing {formatNumber(SHOWN)} of {formatNumber(rows.length)}: search to find someone.
            </p>
          )}
        </>
      )}
    </section>
  );
}
