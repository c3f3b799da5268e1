import {
  itemsDueAt,
  playbackPositionAt,
  roomViewAt,
  type RoomChatMessage,
  type RoomChatSendRequest,
  type RoomItem,
  type RoomSnapshot,
  type RoomTiming,
} from "@cuepoint/sdk";
import type { EventSourceLike, RoomApi } from "../core/room/types.js";

/** The fake server's clock runs this far ahead of the local one: the room must use the server's. */
export const SKEW = 5 * 3_600_000 + 17 * 60_000;
export const TOKEN = "0b6c7c1e-3f7a-4c55-9a0e-5d2f1e0c9a11";
export const API = "https://app.example.com/api";

/** A timing starting `startsIn` ms after the server's now, live for `liveSeconds`. */
export function timingIn(startsIn: number, fields: Partial<RoomTiming> = {}): RoomTiming {
  return {
    startsAt: Date.now() + SKEW + startsIn,
    liveSeconds: 1800,
    joinStartMinutes: 15,
    replayStartMinutes: 15,
    replay: { enabled: true, days: 1, hours: 0, minutes: 0, expireOnMid: false },
    timeZone: "Europe/Paris",
    ...fields,
  };
}

export const chat = (id: string, offsetSeconds: number, name: string, message: string): RoomItem => ({
  id,
  action: "livechat",
  offsetSeconds,
  chat: { name, message },
});
export const cta = (id: string, offsetSeconds: number, headline: string): RoomItem => ({
  id,
  action: "cta",
  offsetSeconds,
  cta: { headline, subheadline: "Only today", buttonText: "Get the offer", url: "https://shop.example.com/offer" },
});

/**
 * A fake room server: answers snapshots at its (skewed) clock, records CTA clicks, stores chat
 * messages (the same `clientId` again answers the stored one); `refuseChat` makes the next sends
 * reject with that error.
 */
export function fakeRoomServer(timing: RoomTiming, options: { items?: RoomItem[]; entry?: "join" | "replay"; patch?: Partial<RoomSnapshot> } = {}) {
  const clicks: string[] = [];
  const stored = new Map<string, RoomChatMessage>();
  let gets = 0;
  let failWith: Error | undefined;
  const server = {
    timing,
    items: options.items ?? [],
    patch: options.patch ?? {},
    clicks,
    /** Every chat send received, in order (retries included). */
    sends: [] as RoomChatSendRequest[],
    refuseChat: undefined as Error | undefined,
    /** How long a chat send takes (ms). */
    chatDelay: 5,
    get stored() {
      return [...stored.values()];
    },
    get gets() {
      return gets;
    },
    /** The next gets reject with `error` (until set back to undefined). */
    fail(error: Error | undefined) {
      failWith = error;
    },
    snapshot(): RoomSnapshot {
      const serverNow = Date.now() + SKEW;
      const entry = options.entry ?? "join";
      const view = roomViewAt(server.timing, serverNow, entry);
      const due =
        view.phase === "live" ? itemsDueAt(server.items, playbackPositionAt(server.timing, serverNow)) : view.phase === "replay" ? server.items : [];
      return {
        token: TOKEN,
        entry,
        serverNow,
        platform: "aevent",
        timing: server.timing,
        view,
        event: {
          title: "Growth Webinar",
          subject: "",
          startsAt: new Date(server.timing.startsAt).toISOString(),
          timeZone: server.timing.timeZone,
          description: "How to grow",
          presenters: ["Ann"],
        },
        registrant: { name: "Bo", timeZone: "America/New_York" },
        branding: { logoUrl: "/media/logo.png", faviconUrl: null, backgroundUrl: "/media/bg.jpg", countdownImageUrl: null },
        display: {
          countdown: { enabled: true, duration: 0 },
          timeCounter: { enabled: true, direction: "up" },
          pip: { enabled: false, seconds: 0 },
          muteAll: false,
          audience: "simulated",
          chat: { enabled: true, timestamps: true, mode: "private", canned: ["Yes!", "Where is the replay?"] },
        },
        video: {
          playlistUrl: `/api/public/room/${TOKEN}/hls/master.m3u8`,
          posterUrl: null,
          durationSeconds: server.timing.liveSeconds,
          hlsScriptUrl: "/room-hls.js",
        },
        items: due,
        audience: 42,
        calendar: { icsUrl: `/join/${TOKEN}/calendar.ics`, googleUrl: "https://calendar.google.com/calendar/render?action=TEMPLATE" },
        channelUrl: `/api/public/room/${TOKEN}/channel`,
        customCodeUrl: null,
        customCssUrl: null,
        ...server.patch,
      };
    },
    api: {
      async get(token: string): Promise<{ success: RoomSnapshot }> {
        gets++;
        await new Promise((resolve) => setTimeout(resolve, 5)); // a round trip
        if (failWith) throw failWith;
        if (token !== TOKEN) throw new Error("unknown token");
        return { success: server.snapshot() };
      },
      async clickCta(token: string, id: string): Promise<void> {
        if (token === TOKEN) clicks.push(id);
      },
      chat: {
        async send(token: string, body: RoomChatSendRequest): Promise<{ success: RoomChatMessage }> {
          server.sends.push(body);
          await new Promise((resolve) => setTimeout(resolve, server.chatDelay));
          if (server.refuseChat) throw server.refuseChat;
          if (token !== TOKEN) throw new Error("unknown token");
          const message = stored.get(body.clientId) ?? {
            id: `stored-${stored.size + 1}`,
            seq: 1000 + stored.size,
            from: "attendee" as const,
            name: "Bo",
            body: body.body.trim(),
            sentAt: Date.now() + SKEW,
            mine: true,
            toAll: false,
            links: false,
            replyTo: null,
          };
          stored.set(body.clientId, message);
          return { success: message };
        },
      },
    } satisfies RoomApi,
  };
  return server;
}

/** A fake `EventSource`: records the streams opened; a test emits events on them or fails them. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) } as MessageEvent);
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
  /** The stream open now (the last one, not closed). */
  static get current(): FakeEventSource | undefined {
    const last = FakeEventSource.opened.at(-1);
    return last && !last.closed ? last : undefined;
  }
}
export const FakeSource = FakeEventSource as unknown as EventSourceLike;

/**
 * A browser's autoplay policy on happy-dom's media element: native HLS (`canPlayType`), and `play()`
 * refused with sound unless `allowSound`. Answers the function that restores the element.
 */
export function fakeMedia(options: { allowSound: boolean }): () => void {
  const proto = HTMLMediaElement.prototype as unknown as Record<string, unknown>;
  const { play, canPlayType } = proto;
  proto.canPlayType = () => "maybe";
  proto.play = function (this: HTMLMediaElement) {
    if (!this.muted && !options.allowSound) {
      return Promise.reject(Object.assign(new Error("play() with sound needs a click"), { name: "NotAllowedError" }));
    }
    return (play as () => Promise<void>).call(this);
  };
  return () => Object.assign(proto, { play, canPlayType });
}
