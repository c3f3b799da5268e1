import { apiURL, client } from "../../../api/client.js";
import { Button } from "../../../ui/Button.js";
import { ActionsLog } from "./ActionsLog.js";
import { ChatInbox } from "./ChatInbox.js";
import type { ConsoleChannelOptions } from "./consoleChannel.js";
import { consoleApiOf, type ConsoleApi } from "./consoleApi.js";
import { ConsoleTimeZone } from "./consoleFormat.js";
import { ConsoleControl } from "./ConsoleControl.js";
import { isOver } from "./consoleState.js";
import { LivePanel, liveStreamApiOf, type LiveStreamApi } from "./LivePanel.js";
import { ConsoleSummary } from "./ConsoleSummary.js";
import { PresencePanel } from "./PresencePanel.js";
import { PushPanel } from "./PushPanel.js";
import { useLiveConsole } from "./useLiveConsole.js";
import "./console.css";

let defaultApi: ConsoleApi | undefined;
let defaultLiveApi: LiveStreamApi | undefined;

/**
 * The host's live console of one event, on the webinar screen: who is in the room, the chat inbox,
 * push now, start / end, the actions log — live over the console channel; once the event is over,
 * its summary with the chat and CTA figures.
 *
 * @example
 * <LiveConsole eventId={webinar.webinarID} timeZone={webinar.timeZone} />
 */
export function LiveConsole(props: { eventId: string; timeZone?: string | undefined; api?: ConsoleApi; liveApi?: LiveStreamApi; channel?: ConsoleChannelOptions }) {
  return (
    <ConsoleTimeZone.Provider value={props.timeZone}>
      <Console {...props} />
    </ConsoleTimeZone.Provider>
  );
}

function Console({ eventId, api, liveApi, channel }: { eventId: string; api?: ConsoleApi | undefined; liveApi?: LiveStreamApi | undefined; channel?: ConsoleChannelOptions | undefined }) {
  const consoleApi = api ?? (defaultApi ??= consoleApiOf(client, apiURL));
  const live = useLiveConsole(eventId, consoleApi, channel);
  // A console given its own api (a test's fake server) asks the live stream only through its own liveApi.
  const liveStreamApi = liveApi ?? (api ? undefined : (defaultLiveApi ??= liveStreamApiOf(client)));
  const { state } = live;

  if (!state) {
    return (
      <section className="card" aria-labelledby="console-heading">
        <h2 id="console-heading">Live console</h2>
        {live.error ? (
          <div className="list-state" role="alert">
            <p>Could not load the live console: {live.error.message}</p>
            <Button onClick={live.reload}>Retry</Button>
          </div>
        ) : (
          <div className="list-state" role="status">
            <div className="spinner" aria-hidden="true" />
            Loading the live console…
          </div>
        )}
      </section>
    );
  }
  if (isOver(state)) return <ConsoleSummary state={state} />;

  const props = { eventId, api: consoleApi, state, apply: live.apply };
  return (
    <section className="card stack" aria-labelledby="console-heading">
      <div className="console-head">
        <h2 id="console-heading">Live console</h2>
        <span className="muted">{state.event.subject || state.event.title}</span>
      </div>
      <ConsoleControl eventId={eventId} api={consoleApi} state={state} status={live.status} onEvent={live.apply.event} />
      {liveStreamApi && <LivePanel eventId={eventId} api={liveStreamApi} />}
      <div className="console-grid">
        <ChatInbox {...props} />
        <div className="stack">
          <PresencePanel state={state} />
          <PushPanel {...props} />
          <ActionsLog actions={state.actions} messages={state.messages} />
        </div>
      </div>
    </section>
  );
}
