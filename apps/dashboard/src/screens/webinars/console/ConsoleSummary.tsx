import { ActionsLog } from "./ActionsLog.js";
import { formatNumber, useFormatAt } from "./consoleFormat.js";
import type { ConsoleState } from "./consoleState.js";

/** After the event: its chat and CTA figures, the transcript, and everything done from the console. */
export function ConsoleSummary({ state }: { state: ConsoleState }) {
  const formatAt = useFormatAt();
  const { stats, event } = state;
  const rate = stats.ctaViews > 0 ? ` (${Math.round((stats.ctaClicks / stats.ctaViews) * 100)}%)` : "";
  const figures: Array<[string, string]> = [
    ["Messages", formatNumber(stats.messages)],
    ["Questions", formatNumber(stats.questions)],
    ["Questions answered", formatNumber(stats.answered)],
    ["CTA views", formatNumber(stats.ctaViews)],
    ["CTA clicks", `${formatNumber(stats.ctaClicks)}${rate}`],
    ["Pushes", formatNumber(stats.pushes)],
  ];
  const transcript = state.messages.filter((m) => m.deletedAt === null);
  return (
    <section className="card stack" aria-labelledby="console-summary-heading">
      <div className="console-head">
        <h2 id="console-summary-heading">Live console summary</h2>
        <span className="muted">{event.endedAt !== null ? `Ended at ${formatAt(event.endedAt)}` : "The event is over"}</span>
      </div>
      <ul className="console-counts" aria-label="The event's chat and CTA figures">
        {figures.map(([label, value]) => (
          <li key={label}>
            <strong>{value}</strong>
            <span className="muted">{label}</span>
          </li>
        ))}
      </ul>
      <details>
        <summary>Chat transcript ({formatNumber(transcript.length)} messages)</summary>
        {transcript.length === 0 ? (
          <p className="muted">Nobody wrote in the chat.</p>
        ) : (
          <ol className="console-messages" style={{ marginTop: 8 }}>
            {transcript.map((m) => (
              <li key={m.id} className="console-message" data-from={m.from}>
                <span className="console-meta">
                  <strong>{m.from === "host" ? (m.sentBy ?? m.name) : m.name}</strong>
                  {m.email && <span className="muted">{m.email}</span>}
                  <time className="muted" dateTime={new Date(m.sentAt).toISOString()}>{formatAt(m.sentAt)}</time>
                  {m.from === "host" && <span className="muted">{m.toAll ? "to everyone" : m.emailed ? "privately, emailed" : "privately"}</span>}
                  {m.muted && <span className="badge" data-tone="danger">Muted</span>}
                </span>
                <p className="console-body">{m.body}</p>
              </li>
            ))}
          </ol>
        )}
      </details>
      <ActionsLog actions={state.actions} messages={state.messages} />
    </section>
  );
}
