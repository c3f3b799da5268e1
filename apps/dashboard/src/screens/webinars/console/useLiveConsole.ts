import { useCallback, useEffect, useRef, useState } from "react";
import { openConsoleChannel, type ChannelStatus, type ConsoleChannelOptions } from "./consoleChannel.js";
import type { ConsoleApi } from "./consoleApi.js";
import { applyChannelEvent, isOver, mergeSnapshot, upsertMessage, type ConsoleState } from "./consoleState.js";
import type { ConsoleAction, ConsoleEvent, ConsoleMessage } from "./types.js";

export interface LiveConsole {
  state: ConsoleState | undefined;
  /** The first load's failure (later ones keep the state shown). */
  error: Error | undefined;
  status: ChannelStatus;
  reload(): void;
  /** Local updates from the answers of the console's own calls (the channel confirms them too). */
  apply: {
    message(message: ConsoleMessage): void;
    action(action: ConsoleAction): void;
    muted(registrantId: string, muted: boolean): void;
    event(event: ConsoleEvent): void;
  };
}

/** Timers longer than this are not kept (setTimeout's limit is 2^31 - 1 ms). */
const LONGEST_WAIT = 2 ** 31 - 1;

/**
 * The live console of event `id`: the snapshot, then the console channel's events applied to it
 * while the event is not over. After a reconnect, a start or an end, and at the event's start and
 * end instants, the snapshot is fetched again and merged (phase and stats are the server's).
 */
export function useLiveConsole(id: string, api: ConsoleApi, channel: ConsoleChannelOptions = {}): LiveConsole {
  const [state, setState] = useState<ConsoleState>();
  const [error, setError] = useState<Error>();
  const [status, setStatus] = useState<ChannelStatus>("connecting");
  const apiRef = useRef(api);
  apiRef.current = api;
  const channelRef = useRef(channel);
  channelRef.current = channel;
  const latest = useRef(0);

  const refetch = useCallback(async () => {
    const round = ++latest.current;
    try {
      const snapshot = await apiRef.current.get(id);
      if (round !== latest.current) return;
      setState((current) => mergeSnapshot(current, snapshot));
      setError(undefined);
    } catch (cause) {
      if (round === latest.current) setError(cause instanceof Error ? cause : new Error(String(cause)));
    }
  }, [id]);

  useEffect(() => {
    setState(undefined);
    setError(undefined);
    void refetch();
  }, [refetch]);

  const live = state !== undefined && !isOver(state);
  // The event just ended here (the host's End, or the channel's control): the channel closes with it,
  // so what it would still have brought (the end's own action, the last messages) comes from one
  // last snapshot.
  const wasLive = useRef(false);
  useEffect(() => {
    if (wasLive.current && !live && state !== undefined) void refetch();
    wasLive.current = live;
  }, [live, state === undefined, refetch]);
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    if (!live) return;
    const lastSeq = Math.max(0, ...(stateRef.current?.messages.map((m) => m.seq) ?? []));
    const opened = openConsoleChannel(
      apiRef.current.channelUrl(id),
      {
        onEvent: (event) => {
          setState((current) => current && applyChannelEvent(current, event));
          if (event.type === "control") void refetch();
        },
        onStatus: setStatus,
        onResumed: () => void refetch(),
      },
      { ...channelRef.current, lastEventId: String(lastSeq) },
    );
    return () => opened.close();
  }, [live, id, refetch]);

  // The phase moves at the event's start and end on its own (automatic events): ask again then.
  const event = state?.event;
  const clockOffset = state?.clockOffset ?? 0;
  useEffect(() => {
    if (!event || !live) return;
    const serverNow = Date.now() + clockOffset;
    const next = [event.startsAt, event.endsAt].filter((at) => at > serverNow).sort((a, b) => a - b)[0];
    if (next === undefined || next - serverNow > LONGEST_WAIT) return;
    const timer = setTimeout(() => void refetch(), next - serverNow + 1000);
    return () => clearTimeout(timer);
  }, [event?.startsAt, event?.endsAt, event?.phase, live, clockOffset, refetch]);

  const apply = useRef<LiveConsole["apply"]>({
    message: (message) => setState((s) => s && { ...s, messages: upsertMessage(s.messages, message) }),
    action: (action) => setState((s) => s && (s.actions.some((a) => a.id === action.id) ? s : { ...s, actions: [...s.actions, action] })),
    muted: (registrantId, muted) =>
      setState((s) => s && applyChannelEvent(s, { type: "mute", data: { registrantId, muted } })),
    event: (next) => setState((s) => s && { ...s, event: next }),
  }).current;

  return { state, error, status, reload: () => void refetch(), apply };
}
