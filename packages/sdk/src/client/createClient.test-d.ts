import type { FetchResponse } from "ofetch";
import { describe, expectTypeOf, it } from "vitest";
import type { Integration } from "../integrations/index.js";
import type { Lead, TimelineBlocks, TimelineMaster, User, Webinar } from "../schemas/index.js";
import { answer } from "./answer.js";
import { createClient } from "./createClient.js";
import type { CuepointPromise } from "./createFetcher.js";
import type { WebinarDelivery, YouTubeBroadcastState } from "./delivery.js";
import type { MediaStatus } from "./media.js";
import type { TimelineRevisionDetail } from "./timelines.js";
import type { Page, Success } from "./types.js";
import type { EventPerson } from "./webinars.js";

const client = createClient({ apiURL: "https://api.cuepoint.io" });

describe("client types", () => {
  it("answers carry the spec's shapes", () => {
    expectTypeOf(client.webinars.list()).toEqualTypeOf<CuepointPromise<Page<Webinar>>>();
    expectTypeOf(client.leads.list({ page: 1, filter: "all" })).toEqualTypeOf<CuepointPromise<Page<Lead>>>();
    expectTypeOf(client.session.validate()).resolves.toEqualTypeOf<Success<User>>();
    expectTypeOf(client.integrations.list()).resolves.toEqualTypeOf<Success<Record<string, Integration>>>();
    expectTypeOf(client.timelines.getEvents("t1")).resolves.toEqualTypeOf<Success<TimelineBlocks>>();
    expectTypeOf(client.webinars.export({ type: "registrants", webinarID: "w1" })).resolves.toBeString();
    expectTypeOf(client.timelines.delete("t1")).resolves.toEqualTypeOf<FetchResponse<{ success: boolean | string | object; message?: string }>>();
    expectTypeOf(client.timelines.revision("t1", "r1")).resolves.toEqualTypeOf<Success<TimelineRevisionDetail>>();
    expectTypeOf(client.timelines.restoreRevision("t1", "r1")).resolves.toEqualTypeOf<Success<TimelineMaster>>();
    expectTypeOf(client.webinars.addAgent("w1", { name: "Sam", email: "s@example.com" })).resolves.toEqualTypeOf<Success<EventPerson>>();
    expectTypeOf(client.webinars.delivery("w1")).resolves.toEqualTypeOf<Success<WebinarDelivery>>();
    expectTypeOf(client.webinars.deliveryYoutube("w1")).resolves.toEqualTypeOf<Success<YouTubeBroadcastState>>();
    expectTypeOf(client.integrations.authorizeURL("zoom")).resolves.toEqualTypeOf<Success<{ url: string }>>();
    expectTypeOf(client.integrations.completeOAuth("zoom", { code: "c" })).resolves.toEqualTypeOf<Success<Integration>>();
    expectTypeOf(client.media.status("m1")).resolves.toEqualTypeOf<MediaStatus>();
    expectTypeOf(client.media.download("m1")).resolves.toEqualTypeOf<Blob>();
    expectTypeOf<Page<Webinar>["total"]>().toEqualTypeOf<number | undefined>();
  });

  it("login takes email and password, or an access token, never both", () => {
    client.session.login("a@b.co", "pw", { remember: true });
    client.session.login({ accessToken: "pat" });
    // @ts-expect-error a password alone is not a login
    client.session.login({ password: "pw" });
  });

  it("request bodies are typed by the request schemas", () => {
    client.timelines.setEvents({ webinarTimeline: "t1", blocks: { "0": [{ minutes: 5, isAfter: 1 }] }, isPast: false });
    // @ts-expect-error isAfter is 1 or -1
    client.timelines.setEvents({ webinarTimeline: "t1", blocks: { "0": [{ isAfter: 2 }] }, isPast: false });
    // @ts-expect-error media types are image, audio, video, folder
    client.media.list("pdf");
    // @ts-expect-error plans are billed monthly or yearly
    client.account.changePlan({ plan: "advanced", frequency: "weekly" });
    // @ts-expect-error globalsetting types are fixed
    client.timelines.globalSetting("colors");
    client.webinars.create({ webinarTimeline: "t1", start: "2026-03-02T10:00", recurring: { days: [1], count: 5, every: { value: 2, unit: "hours" } } });
    // @ts-expect-error `every` repeats in minutes or hours
    client.webinars.create({ webinarTimeline: "t1", start: "2026-03-02T10:00", recurring: { days: [1], every: { value: 2, unit: "days" } } });
  });

  it("answer() resolves data | raw response | false, or { error }", () => {
    expectTypeOf(answer(client.webinars.list())).resolves.toEqualTypeOf<
      Page<Webinar> | FetchResponse<Page<Webinar>> | false
    >();
    expectTypeOf(answer(client.webinars.list(), { withError: true })).resolves.toEqualTypeOf<
      Page<Webinar> | FetchResponse<Page<Webinar>> | { error: unknown }
    >();
  });
});
