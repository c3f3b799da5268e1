import type { Client } from "@cuepoint/sdk";
import type { ConsoleAction, ConsoleEvent, ConsoleMessage, ConsolePushRequest, ConsoleSendRequest, ConsoleSnapshot } from "./types.js";

/**
 * What the console asks of the server: the SDK's `client.console` calls, unwrapped, and the
 * address of the console channel (Server-Sent Events, which the SDK does not open). Components
 * take it as a prop, so their tests can hand them a fake server.
 */
export interface ConsoleApi {
  get(id: string): Promise<ConsoleSnapshot>;
  send(id: string, body: ConsoleSendRequest): Promise<ConsoleMessage>;
  answer(id: string, messageId: string, answered: boolean): Promise<ConsoleMessage>;
  deleteMessage(id: string, messageId: string): Promise<void>;
  mute(id: string, registrantId: string, muted: boolean): Promise<void>;
  ban(id: string, registrantId: string): Promise<void>;
  push(id: string, body: ConsolePushRequest): Promise<ConsoleAction>;
  start(id: string): Promise<ConsoleEvent>;
  end(id: string): Promise<ConsoleEvent>;
  /** `GET /api/webinars/:id/console/channel`: same origin, so the session cookie goes with it. */
  channelUrl(id: string): string;
}

/**
 * The console's calls through the dashboard's one SDK client.
 *
 * @example
 * const api = consoleApiOf(client, apiURL);
 * const snapshot = await api.get(eventId);
 */
export function consoleApiOf(client: Client, apiURL: string): ConsoleApi {
  const c = client.console;
  return {
    get: async (id) => (await c.get(id)).success,
    send: async (id, body) => (await c.send(id, body)).success,
    answer: async (id, messageId, answered) => (await c.answer(id, messageId, answered)).success,
    deleteMessage: async (id, messageId) => void (await c.deleteMessage(id, messageId)),
    mute: async (id, registrantId, muted) => void (await c.mute(id, { registrantId, muted })),
    ban: async (id, registrantId) => void (await c.ban(id, registrantId)),
    push: async (id, body) => (await c.push(id, body)).success,
    start: async (id) => (await c.start(id)).success,
    end: async (id) => (await c.end(id)).success,
    channelUrl: (id) => `${apiURL.replace(/\/$/, "")}/webinars/${encodeURIComponent(id)}/console/channel`,
  };
}

/** A fresh id for one message the host sends: the same id again is the same message (a retry is stored once). */
export const newClientId = (): string => crypto.randomUUID();
