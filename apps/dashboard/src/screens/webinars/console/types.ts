/*
 * The console's wire shapes: the SDK's (packages/sdk/src/schemas/roomChat.ts), named once here so
 * the console's files import them from one place.
 */
export type {
  ConsoleAction,
  ConsoleActionKind,
  ConsoleEvent,
  ConsoleMessage,
  ConsoleMessageRequest as ConsoleSendRequest,
  ConsolePushRequest,
  ConsoleSnapshot,
  PresentAttendee,
} from "@cuepoint/sdk";
