import type { IncomingMessage, ServerResponse } from "node:http";
import { ROOM_CHAT_LIMITS, ROOM_CHAT_MESSAGES, type RoomChatMessage } from "@cuepoint/sdk";

type Stored = RoomChatMessage & { token: string; clientId: string | null };

/**
 * The room site's chat, as the contract has it (CHAT-CONTRACT.md): `POST …/chat` stores a message
 * once per `clientId` (the same id again answers the stored one, 200), refuses an empty or too long
 * one (400) and a 4th within 5 s (429) with the server's sentences; the channel sends `chat` events
 * with `id: <seq>`, first the backlog after `?lastEventId=` (or the `Last-Event-ID` header), else the
 * latest 100. One attendee per token: their messages are `mine`.
 */
export function createSiteChat(serverNow: () => number) {
  const stored: Stored[] = [];
  const channels = new Map<ServerResponse, string>();
  let seq = 0;
  const chat = {
    /** Per token: the chat's mode and quick replies (default: private, none). */
    settings: new Map<string, { mode: "private" | "public"; canned: string[] }>(),
    stored,
    /** Every POST received (retries included). */
    posts: 0,
    /** The channel requests' URLs (path and query), in order. */
    channelUrls: [] as string[],
    /** The next POST is stored and sent on the channel, but its answer is lost (the socket is destroyed). */
    loseNextAnswer: false,
    settingsOf: (token: string) => chat.settings.get(token) ?? { mode: "private" as const, canned: [] },
    /** The host says `body` to the attendee of `token` (or to everyone). */
    say(token: string, body: string, toAll = false) {
      add({ token, clientId: null, from: "host", name: "Dana (host)", body, toAll, links: true, mine: false });
    },
    /** Ends the channels of `token` (a network loss): the widget re-fetches and reopens. */
    dropChannels(token: string) {
      for (const [response, of] of channels) if (of === token) response.destroy();
    },
    post(token: string, request: IncomingMessage, response: ServerResponse) {
      chat.posts++;
      let text = "";
      request.on("data", (chunk: Buffer) => (text += String(chunk)));
      request.on("end", () => {
        const json = (status: number, data: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(data));
        const { clientId, body } = JSON.parse(text) as { clientId: string; body: string };
        const again = stored.find((message) => message.token === token && message.clientId === clientId);
        if (again) return json(200, { success: view(again) });
        const trimmed = body.trim();
        if (!trimmed) return json(400, { message: ROOM_CHAT_MESSAGES.empty, field: "body" });
        if (trimmed.length > ROOM_CHAT_LIMITS.maxLength) return json(400, { message: ROOM_CHAT_MESSAGES.tooLong, field: "body" });
        const recent = stored.filter((m) => m.token === token && m.from === "attendee" && m.sentAt > serverNow() - ROOM_CHAT_LIMITS.windowSeconds * 1000);
        if (recent.length >= ROOM_CHAT_LIMITS.burst) return json(429, { message: ROOM_CHAT_MESSAGES.tooFast, field: "body" });
        const message = add({ token, clientId, from: "attendee", name: "Ann", body: trimmed, toAll: false, links: false, mine: true });
        if (chat.loseNextAnswer) {
          chat.loseNextAnswer = false;
          return void response.destroy();
        }
        json(201, { success: view(message) });
      });
    },
    open(token: string, request: IncomingMessage, response: ServerResponse) {
      chat.channelUrls.push(request.url ?? "");
      const query = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("lastEventId");
      const after = Number(query ?? request.headers["last-event-id"] ?? NaN);
      const mine = stored.filter((message) => message.token === token);
      for (const message of Number.isFinite(after) ? mine.filter((m) => m.seq > after) : mine.slice(-100)) send(response, message);
      channels.set(response, token);
      request.on("close", () => channels.delete(response));
    },
  };
  const view = ({ token: _token, clientId: _clientId, ...message }: Stored): RoomChatMessage => message;
  const send = (response: ServerResponse, message: Stored) => response.write(`id: ${message.seq}\nevent: chat\ndata: ${JSON.stringify(view(message))}\n\n`);
  function add(fields: Omit<Stored, "id" | "seq" | "sentAt" | "replyTo">): Stored {
    seq++;
    const message: Stored = { ...fields, id: `message-${seq}`, seq, sentAt: serverNow(), replyTo: null };
    stored.push(message);
    for (const [response, token] of channels) if (token === message.token) send(response, message);
    return message;
  }
  return chat;
}

export type SiteChat = ReturnType<typeof createSiteChat>;
