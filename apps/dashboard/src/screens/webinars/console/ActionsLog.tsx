import { describeAction, useFormatAt } from "./consoleFormat.js";
import type { ConsoleAction, ConsoleMessage } from "./types.js";

/** What the host (and co-hosts) did from the console: when, what, who — newest first. */
export function ActionsLog({ actions, messages }: { actions: ConsoleAction[]; messages: readonly ConsoleMessage[] }) {
  const formatAt = useFormatAt();
  const rows = actions.slice().sort((a, b) => b.at - a.at);
  return (
    <section className="console-panel" aria-labelledby="console-log-heading">
      <h3 id="console-log-heading">Actions log</h3>
      {rows.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>Nothing pushed or done from the console yet.</p>
      ) : (
        <div className="table-wrap console-log" tabIndex={0} role="region" aria-label="Actions log entries">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col" className="hide-narrow">By</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td>
                    <time dateTime={new Date(a.at).toISOString()}>{formatAt(a.at)}</time>
                  </td>
                  <td style={{ overflowWrap: "anywhere" }}>
                    {describeAction(a, messages)}
                    <div className="muted console-only-narrow">by {a.by}</div>
                  </td>
                  <td className="hide-narrow" style={{ overflowWrap: "anywhere" }}>{a.by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
