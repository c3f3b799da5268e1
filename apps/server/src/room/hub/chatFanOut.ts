import { chatModeOf } from "@cuepoint/sdk";
import type { BusChatMessage, RoomSignal } from "../bus/roomBus.js";
import type { RoomChatViews } from "../liveChat.js";
import type { RoomState } from "../roomState.js";
import { sseEvent as event } from "../sse.js";
import type { ChannelSink, Presence, PresenceTable } from "./presence.js";

/** An attendee channel: its chat waits in `queue` until the backlog has been sent. */
export interface Viewer {
  presence: Presence;
  ready: boolean;
  queue: { signal: RoomSignal; fresh: boolean }[];
  /** Message ids the backlog sent (the same message arriving live is not sent twice). */
  sent: Set<string>;
}

/**
 * The channels of an event's room a chat signal may concern: every one for a message to everyone;
 * otherwise only those of the few it is for (looked up, not searched for among 10,000 channels).
 */
export function chatViewers(
  chat: RoomChatViews,
  presences: PresenceTable,
  room: RoomState,
  viewers: ReadonlyMap<ChannelSink, Viewer>,
  message: BusChatMessage,
): Iterable<[ChannelSink, Viewer]> {
  const audience = chat.audience({ ...message, deletedAt: null }, chatModeOf(room.timeline.general.hls.livechat.type));
  if (audience === "everyone") return viewers;
  const found: [ChannelSink, Viewer][] = [];
  for (const registrantId of audience) {
    const p = presences.find(room.event.id, registrantId, "live");
    for (const sink of p?.sinks ?? []) {
      const viewer = viewers.get(sink);
      if (viewer) found.push([sink, viewer]);
    }
  }
  return found;
}

/**
 * One chat signal to one attendee: new messages they may see, and deletions of those. `texts`
 * holds the event texts made for this signal so far (everyone but the author sees the same one).
 */
export function chatTo(
  chat: RoomChatViews,
  room: RoomState,
  sink: ChannelSink,
  viewer: Viewer,
  message: BusChatMessage,
  fresh: boolean,
  texts: Map<string, string>,
): void {
  if (viewer.presence.kind !== "live" || room.platform === "vsl") return;
  const { registrantId } = viewer.presence;
  const mode = chatModeOf(room.timeline.general.hls.livechat.type);
  if (message.deletedAt !== null) {
    if (chat.visibleTo({ ...message, deletedAt: null }, registrantId, mode)) void sink.write(event("chat-delete", { id: message.id }));
    return;
  }
  if (!fresh || viewer.sent.has(message.id) || !chat.visibleTo(message, registrantId, mode)) return;
  // Everyone but the author sees the same thing: the text is made once.
  const key = message.registrantId === registrantId ? registrantId : "";
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = event("chat", chat.forAttendee(message, registrantId), message.seq)));
  void sink.write(text);
}
