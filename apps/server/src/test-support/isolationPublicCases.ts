import { expect } from "vitest";
import type { Case, Ids } from "./isolationCase.js";

/**
 * The routes whose key is a link, not the caller (the registration widget, a registrant's personal
 * room link, a signed media link): B's answer is anyone's answer (isolationCases.ts).
 */
export const PUBLIC_CASES: Record<string, Case> = {
  "GET /public/timelines/:id/registration": {
    calls: (i) => [{ path: `/public/timelines/${i.timeline}/registration` }],
    expect: { sameAsAnonymous: true },
    why: "the registration widget's public endpoint reads no token: B's answer is anyone's answer",
  },
  "POST /public/timelines/:id/registrations": {
    calls: (i) => [{ path: `/public/timelines/${i.timeline}/registrations`, body: { name: "Eve" } }],
    expect: { sameAsAnonymous: true },
    why: "the registration widget's public endpoint reads no token: B's answer is anyone's answer",
  },
  // The event room (room/README.md): a personal link's endpoints read no credential, the registrant's
  // token is the only key, so B's answer is anyone's answer with that link.
  "GET /public/room/:token": {
    calls: (i) => [{ path: `/public/room/${i.registrant}` }],
    why: "the personal link is the key, not the caller: B with A's registrant's link sees that registrant's room, as anyone would",
    expect: {
      async check(response, ids) {
        expect(response.status).toBe(200);
        expect(((await response.json()) as { success: { token: string } }).success.token).toBe(ids.registrant);
      },
    },
  },
  ...Object.fromEntries(
    (
      [
        ["GET /public/room/:token/channel", (i: Ids) => ({ path: `/public/room/${i.registrant}/channel` })],
        ["POST /public/room/:token/cta", (i: Ids) => ({ path: `/public/room/${i.registrant}/cta`, body: { id: "offer" } })],
        ["POST /public/room/:token/chat", (i: Ids) => ({ path: `/public/room/${i.registrant}/chat`, body: { clientId: "b-1", body: "Hi" } })],
        ["GET /public/room/:token/hls/:file", (i: Ids) => ({ path: `/public/room/${i.registrant}/hls/master.m3u8` })],
        ["GET /public/room/:token/hls/:rendition/:segment", (i: Ids) => ({ path: `/public/room/${i.registrant}/hls/360p/0.ts` })],
        ["GET /public/room/:token/poster.jpg", (i: Ids) => ({ path: `/public/room/${i.registrant}/poster.jpg` })],
        ["GET /public/room/:token/media/:mediaId", (i: Ids) => ({ path: `/public/room/${i.registrant}/media/${i.file}` })],
      ] as const
    ).map(([key, call]): [string, Case] => [
      key,
      { calls: (i) => [call(i)], expect: { sameAsAnonymous: true }, why: "a personal link's endpoint reads no token: B's answer is anyone's answer" },
    ]),
  ),

  "GET /public/media/:id": {
    calls: (i) => [{ path: `/public/media/${i.file}` }],
    expect: { sameAsAnonymous: true },
    why: "a signed link is the key, not the caller: without the server's signature B gets the 403 anyone gets",
  },
};
