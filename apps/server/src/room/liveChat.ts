import type { ConsoleMessage, RoomChatMessage, RoomChatMode } from "@cuepoint/sdk";
import type { BusChatMessage } from "./bus/roomBus.js";

/**
 * What the hub needs of the chat (room/chat/: storage and the visibility rule) to send messages on
 * the channels: one rule for the live fan-out and the backlog alike.
 */
export interface RoomChatViews {
  /** Whether the attendee sees the message (own, public and not muted, the host's to all or to them; never deleted). */
  visibleTo(message: BusChatMessage, registrantId: string, mode: RoomChatMode): boolean;
  /** Who sees the message: everyone, or these attendees only (the same rule, for the fan-out to look up). */
  audience(message: BusChatMessage, mode: RoomChatMode): ChatAudience;
  /** The message as that attendee sees it. */
  forAttendee(message: BusChatMessage, registrantId: string): RoomChatMessage;
  /** The message as the host's console sees it. */
  forConsole(message: BusChatMessage): ConsoleMessage;
  /** The messages the attendee sees with `seq` > `after` (the latest 100 when null), oldest first. */
  backlog(viewer: ChatViewer, after: number | null): Promise<BusChatMessage[]>;
  /** Every message of the event with `seq` > `after`, oldest first (a console resuming). */
  consoleBacklog(target: { accountId: string; eventId: string }, after: number): Promise<BusChatMessage[]>;
}

/** Everyone in the room, or the registrant ids of the few who see a message. */
export type ChatAudience = "everyone" | readonly string[];

export interface ChatViewer {
  accountId: string;
  eventId: string;
  registrantId: string;
  mode: RoomChatMode;
}
