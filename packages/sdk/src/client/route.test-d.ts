import type { FetchResponse } from "ofetch";
import { describe, expectTypeOf, it } from "vitest";
import type { Lead, User, Webinar } from "../schemas/index.js";
import type { RoomChatMessage } from "../schemas/roomChat.js";
import { createClient } from "./createClient.js";
import { createFetcher, type CuepointPromise } from "./createFetcher.js";
import type { ClientLike } from "./route.js";
import { leadsList, mediaList, roomChatSend, sessionLogin, timelinesDelete, webinarsGet, webinarsList } from "./index.js";
import type { Ack, Page, Success } from "./types.js";

const core = createFetcher({ apiURL: "https://api.cuepoint.io" });
const client = createClient({ apiURL: "https://api.cuepoint.io" });

describe("call function types", () => {
  it("answer what the methods answer, on the core and on a client", () => {
    expectTypeOf(webinarsList(core, { page: 1 })).toEqualTypeOf<CuepointPromise<Page<Webinar>>>();
    expectTypeOf(webinarsList(client)).toEqualTypeOf<ReturnType<typeof client.webinars.list>>();
    expectTypeOf(webinarsGet(client.request, "w1")).resolves.toEqualTypeOf<Success<Webinar>>();
    expectTypeOf(leadsList(core, { page: 1, filter: "all" })).toEqualTypeOf<CuepointPromise<Page<Lead>>>();
    expectTypeOf(timelinesDelete(core, "t1")).resolves.toEqualTypeOf<FetchResponse<Ack>>();
    expectTypeOf(roomChatSend(core, "tok", { clientId: "c", body: "Hi" })).resolves.toEqualTypeOf<Success<RoomChatMessage>>();
  });

  it("take the methods' arguments after the client", () => {
    expectTypeOf(webinarsGet).parameters.toEqualTypeOf<[ClientLike, ...Parameters<typeof client.webinars.get>]>();
    // @ts-expect-error media types are image, audio, video, folder
    mediaList(core, "pdf");
    // @ts-expect-error the client comes first
    webinarsGet("w1");
    // @ts-expect-error options are not a client
    webinarsList({ apiURL: "https://api.cuepoint.io" });
  });

  it("keep login's two forms, never both", () => {
    expectTypeOf(sessionLogin(core, "a@b.co", "pw", { remember: true })).resolves.toEqualTypeOf<Success<User>>();
    expectTypeOf(sessionLogin(client, { accessToken: "pat" })).resolves.toEqualTypeOf<Success<User>>();
    // @ts-expect-error a password alone is not a login
    sessionLogin(core, { password: "pw" });
  });
});
