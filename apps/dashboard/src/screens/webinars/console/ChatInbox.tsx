import { useEffect, useRef, useState } from "react";
import { Tabs, tabPanelProps } from "../../../ui/Tabs.js";
import { toast } from "../../../ui/Toasts.js";
import type { ConsoleApi } from "./consoleApi.js";
import { formatNumber, people } from "./consoleFormat.js";
import { isUnanswered, unansweredCount, type ConsoleState } from "./consoleState.js";
import { InboxMessage } from "./InboxMessage.js";
import { MessageForm } from "./MessageForm.js";
import type { LiveConsole } from "./useLiveConsole.js";

type Filter = "unanswered" | "all";

/**
 * The chat inbox: every message as it arrives (oldest first, the host's replies under the message
 * they answer), unanswered ones only or all, and the box for a message to everyone present.
 */
export function ChatInbox({ eventId, api, state, apply }: { eventId: string; api: ConsoleApi; state: ConsoleState; apply: LiveConsole["apply"] }) {
  const [filter, setFilter] = useState<Filter>("unanswered");
  const waiting = unansweredCount(state);
  const known = new Set(state.messages.map((m) => m.id));
  // Replies show under their message; a reply whose message is not loaded stands on its own.
  const top = state.messages.filter((m) => m.replyTo === null || !known.has(m.replyTo));
  const shown = filter === "unanswered" ? top.filter(isUnanswered) : top;

  // New messages arrive at the bottom: follow them while the host is already at the bottom.
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const box = scroller.current;
    if (box && atBottom.current) box.scrollTop = box.scrollHeight;
  }, [shown.length, filter]);

  const messageEveryone = async ({ body, clientId }: { body: string; clientId: string }) => {
    const sent = await api.send(eventId, { clientId, body, toAll: true });
    apply.message(sent);
    toast.success("Message sent", { body: `It reached the ${people(state.present.length)} in the room.` });
  };

  return (
    <section className="console-panel" aria-labelledby="console-inbox-heading">
      <div className="row">
        <h3 id="console-inbox-heading">Chat inbox</h3>
        <span className="badge" data-tone={waiting > 0 ? "danger" : "success"}>
          {waiting === 0 ? "All answered" : `${formatNumber(waiting)} unanswered`}
        </span>
      </div>
      {!state.chat.enabled && (
        <p className="muted" style={{ margin: 0 }}>
          The room's chat is off (the timeline's live chat setting): attendees cannot write, but you can still message everyone.
        </p>
      )}
      {state.chat.enabled && (
        <p className="muted" style={{ margin: 0 }}>
          {state.chat.mode === "public"
            ? "Public chat: attendees see each other's messages (except muted ones)."
            : "Private chat: attendees' messages reach only you."}
        </p>
      )}
      <Tabs
        label="Which messages"
        selected={filter}
        onSelect={(id) => setFilter(id as Filter)}
        items={[
          { id: "unanswered", label: `Unanswered (${formatNumber(waiting)})` },
          { id: "all", label: `All (${formatNumber(top.length)})` },
        ]}
      />
      <div
        {...tabPanelProps(filter)}
        className="console-scroll"
        ref={scroller}
        onScroll={(e) => {
          const box = e.currentTarget;
          atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
        }}
      >
        {shown.length === 0 ? (
          <p className="muted" style={{ margin: 0, padding: 8 }}>
            {filter === "unanswered" ? "No question waits for an answer." : "No messages yet."}
          </p>
        ) : (
          <div role="log" aria-label={filter === "unanswered" ? "Unanswered messages" : "All messages"}>
            <ol className="console-messages">
              {shown.map((m) => (
                <InboxMessage key={m.id} eventId={eventId} api={api} state={state} message={m} apply={apply} />
              ))}
            </ol>
          </div>
        )}
      </div>
      <MessageForm
        label="Message everyone"
        hint="Everyone in the room sees it at once. Links you write are clickable."
        choices={[{ label: "Send to everyone", toAll: true, primary: true }]}
        onSend={messageEveryone}
      />
    </section>
  );
}
