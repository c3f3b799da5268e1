import type { ConsoleMessage } from "@cuepoint/sdk";

/**
 * A chat message as stored: the console's view (`ConsoleMessage`) plus its account and event.
 * What the room bus carries (`RoomSignal` "chat") and the channels map per viewer with
 * `toRoomChatMessage` / `toConsoleMessage` after `chatVisibleTo`.
 */
export type StoredChatMessage = ConsoleMessage & { accountId: string; eventId: string };
