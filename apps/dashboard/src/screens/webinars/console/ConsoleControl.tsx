import { useState } from "react";
import { Button } from "../../../ui/Button.js";
import { confirmAction } from "../../../ui/Dialog.js";
import { toast } from "../../../ui/Toasts.js";
import type { ChannelStatus } from "./consoleChannel.js";
import type { ConsoleApi } from "./consoleApi.js";
import { people, useFormatAt } from "./consoleFormat.js";
import { controlButton, type ConsoleState } from "./consoleState.js";
import type { ConsoleEvent } from "./types.js";

const STATUS_TEXT: Record<ChannelStatus, string> = {
  connecting: "Connecting…",
  live: "Live updates on",
  reconnecting: "Reconnecting…",
};

/** Whether the console's live updates flow: a dot and a word, announced when it changes. */
export function ConnectionStatus({ status }: { status: ChannelStatus }) {
  return (
    <span className="console-connection" data-status={status} role="status">
      {STATUS_TEXT[status]}
    </span>
  );
}

/** The sentence that says where the event stands, and who moves it on. */
export function stateSentence(state: Pick<ConsoleState, "event" | "present">, formatAt: (at: number) => string): string {
  const { event, present } = state;
  const count = people(present.length);
  if (event.endedAt !== null) return `Ended at ${formatAt(event.endedAt)}.`;
  if (event.startedAt !== null) {
    const since = `Live since ${formatAt(event.startedAt)}`;
    return event.control === "manual" ? `${since} — it runs until you end it.` : `${since} — it ends with the program.`;
  }
  if (event.control !== "automatic") {
    return event.phase === "confirmation"
      ? `Waiting for you to start — scheduled for ${formatAt(event.startsAt)}; the waiting room is not open yet.`
      : `Waiting for you to start — ${count} in the waiting room.`;
  }
  switch (event.phase) {
    case "confirmation":
      return `Starts at ${formatAt(event.startsAt)} on its own.`;
    case "waiting":
      return `Starts at ${formatAt(event.startsAt)} on its own — ${count} in the waiting room.`;
    case "live":
      return `Live — ends at ${formatAt(event.endsAt)}.`;
    default:
      return "The event is over.";
  }
}

/**
 * The console's top line: where the event stands ("Waiting for you to start — 37 people in the
 * waiting room"), the Start or End button for semi-automatic and manual events, and whether the
 * live updates flow.
 */
export function ConsoleControl({
  eventId,
  api,
  state,
  status,
  onEvent,
}: {
  eventId: string;
  api: ConsoleApi;
  state: ConsoleState;
  status: ChannelStatus;
  onEvent: (event: ConsoleEvent) => void;
}) {
  const [busy, setBusy] = useState(false);
  const formatAt = useFormatAt();
  const button = controlButton(state);

  const run = async (which: "start" | "end") => {
    const ok = await confirmAction(
      which === "start"
        ? {
            title: "Start the event now?",
            body: `Everyone in the waiting room (${people(state.present.length)}) goes into the room and the program starts from the beginning.`,
            confirmLabel: "Start now",
            danger: false,
          }
        : { title: "End the event now?", body: "The room closes for everyone present; this cannot be undone.", confirmLabel: "End the event" },
    );
    if (!ok) return;
    setBusy(true);
    try {
      onEvent(which === "start" ? await api.start(eventId) : await api.end(eventId));
      toast.success(which === "start" ? "The event has started" : "The event has ended");
    } catch (error) {
      toast.error(which === "start" ? "The event did not start" : "The event did not end", { body: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="console-state">
      <p>{stateSentence(state, formatAt)}</p>
      <div className="row">
        <ConnectionStatus status={status} />
        {button === "start" && (
          <Button variant="primary" busy={busy} onClick={() => void run("start")}>
            Start the event
          </Button>
        )}
        {button === "end" && (
          <Button variant="danger" busy={busy} onClick={() => void run("end")}>
            End the event
          </Button>
        )}
      </div>
    </div>
  );
}
