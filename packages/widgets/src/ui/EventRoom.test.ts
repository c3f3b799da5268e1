import { fireEvent, waitFor, within } from "@testing-library/dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@cuepoint/sdk";
import { BINDINGS } from "../test-support/bindings.js";
import { API, chat, cta, FakeEventSource, FakeSource, fakeMedia, fakeRoomServer, SKEW, timingIn, TOKEN } from "../test-support/room.js";

const MINUTE = 60_000;
const slow = { timeout: 4000 };
const video = (container: HTMLElement) => container.querySelector("video") as HTMLVideoElement;
/** The room's video once the player has attached its stream (native HLS here: its `src`). */
const attached = async (container: HTMLElement) => {
  await waitFor(() => expect(container.querySelector("video")?.getAttribute("src")).toBeTruthy(), slow);
  return video(container);
};
/** The browser read the stream's metadata: the player seeks and autoplays. */
const metadata = (element: HTMLVideoElement) => fire(element, "loadedmetadata");
/** A media event, as the browser fires it (happy-dom's own Event class). */
const fire = (element: HTMLElement, type: string) => element.dispatchEvent(new window.Event(type));

describe.each(BINDINGS.filter((binding) => binding.name !== "embed"))("EventRoom ($name)", ({ entry, mount, unmountAll }) => {
  let restoreMedia: () => void;
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = global.IS_REACT_ACT_ENVIRONMENT;
  beforeEach(() => {
    // The room runs on its clock, its channel and its video's events, as on a page: React renders
    // those updates as they come (testing-library's calls still wrap theirs in act).
    global.IS_REACT_ACT_ENVIRONMENT = false;
    FakeEventSource.opened = [];
    restoreMedia = fakeMedia({ allowSound: false });
  });
  afterEach(() => {
    unmountAll();
    restoreMedia();
    global.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });
  const room = (server: ReturnType<typeof fakeRoomServer>, props: object = {}) =>
    mount(entry.EventRoom, {
      token: TOKEN,
      apiURL: API,
      client: { room: server.api },
      EventSource: FakeSource,
      timeZone: "America/New_York",
      locale: "en-US",
      ...props,
    });

  it("confirms before the room opens (time in the visitor's zone, named; countdown; calendar links), then opens the waiting room by itself", async () => {
    // The waiting room opens 15 min before the start: 2 s from now on the server's clock.
    const server = fakeRoomServer(timingIn(15 * MINUTE + 2000));
    const phases: string[] = [];
    const container = room(server, { onPhase: ({ phase }: { phase: string }) => phases.push(phase) });
    const view = within(container);
    expect(await view.findByRole("heading", { level: 1, name: "Growth Webinar" })).toBeTruthy();
    const start = new Date(server.timing.startsAt);
    const zoneName = /Eastern (Standard|Daylight) Time/;
    expect(container.querySelector("time")?.textContent).toMatch(zoneName);
    expect(container.querySelector("time")?.getAttribute("datetime")).toBe(start.toISOString());
    expect(view.getByRole("timer").textContent).toMatch(/15minutes/);
    expect(view.getByRole("link", { name: "Add to calendar (.ics)" }).getAttribute("href")).toBe(`https://app.example.com/join/${TOKEN}/calendar.ics`);
    expect(view.getByRole("link", { name: "Add to Google Calendar" }).getAttribute("target")).toBe("_blank");
    expect(container.querySelector(".cp-page")?.getAttribute("style")).toContain("https://app.example.com/media/bg.jpg");
    expect(FakeEventSource.opened).toEqual([]); // no presence before the room
    await waitFor(() => expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("waiting"), slow);
    expect(view.getByText(/The room opens here by itself/)).toBeTruthy();
    expect(phases).toEqual(["confirmation", "waiting"]);
  });

  it("turns the waiting room into the room at the start on the server's clock: video, channel, items, audience", async () => {
    const server = fakeRoomServer(timingIn(2000), { items: [chat("c1", 0, "Ann", "Hello everyone")] });
    const container = room(server);
    const view = within(container);
    await view.findByText(/The room opens here by itself/);
    expect(view.getByRole("timer")).toBeTruthy();
    expect(container.querySelector("video")).toBeNull();
    // Two seconds later by the server's clock (5 h 17 min ahead of the local one), the room.
    await waitFor(() => expect(container.querySelector("video")).toBeTruthy(), slow);
    expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("live");
    expect(video(container).controls).toBe(false); // no seek bar in the live room
    await waitFor(() => expect(FakeEventSource.current?.url).toBe(`https://app.example.com/api/public/room/${TOKEN}/channel`));
    const channel = FakeEventSource.current as FakeEventSource;
    channel.emit("hello", { serverNow: Date.now() + SKEW });
    channel.emit("item", chat("c2", 5, "Bo", "Hi from Lyon"));
    channel.emit("audience", { count: 57 });
    const log = await view.findByRole("log");
    await waitFor(() => expect(within(log).getByText("Hi from Lyon")).toBeTruthy());
    expect(log.getAttribute("aria-label")).toBe("Chat messages");
    expect(within(log).getByText("Bo")).toBeTruthy();
    expect(view.getByText("57 watching")).toBeTruthy();
    // The snapshot fetched at the change brings the item due at the start.
    await waitFor(() => expect(within(log).getByText("Hello everyone")).toBeTruthy(), slow);
    expect(server.gets).toBeGreaterThanOrEqual(2);
  });

  it("a host broadcasting live: says the host will start soon, looks again, then follows the stream's live edge (no seek to the event's position)", async () => {
    const live = (stream: "waiting" | "receiving") => ({
      video: { playlistUrl: `/api/public/room/${TOKEN}/hls/live.m3u8`, posterUrl: null, durationSeconds: 0, hlsScriptUrl: "/room-hls.js", stream },
    });
    const server = fakeRoomServer(timingIn(-10 * MINUTE), { patch: live("waiting") });
    const container = room(server);
    const view = within(container);
    expect(await view.findByText("The host will start the stream soon.")).toBeTruthy();
    expect(container.querySelector("video")).toBeNull();
    const before = server.gets;
    server.patch = live("receiving");
    await waitFor(() => expect(container.querySelector("video")).toBeTruthy(), { timeout: 7000 });
    expect(server.gets).toBeGreaterThan(before);
    expect(view.queryByText("The host will start the stream soon.")).toBeNull();
    const element = await attached(container);
    element.currentTime = 3;
    metadata(element);
    fire(element, "timeupdate");
    expect(element.currentTime).toBe(3); // the stream's own time, not 600 s into the event
  }, 10_000);

  it("a YouTube Live event: YouTube's player in place of ours, with the room's chat beside it", async () => {
    const url = "https://www.youtube-nocookie.com/embed/bc00000001?autoplay=1&mute=1&playsinline=1&rel=0";
    const server = fakeRoomServer(timingIn(-10 * MINUTE), { items: [chat("c1", 0, "Ann", "Hello everyone")], patch: { video: null, embed: { provider: "youtube", url } } });
    const container = room(server);
    const view = within(container);
    const frame = (await view.findByTitle("Live video on YouTube")) as HTMLIFrameElement;
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe(url);
    expect(frame.getAttribute("allow")).toContain("autoplay");
    expect(container.querySelector("video")).toBeNull();
    expect(view.queryByText(/The video is not available yet/)).toBeNull();
    expect(within(await view.findByRole("log")).getByText("Hello everyone")).toBeTruthy();
  });

  it("joins late at the event's position, snaps a seek ahead back, shows a CTA whose click is recorded, changes the subject", async () => {
    const server = fakeRoomServer(timingIn(-10 * MINUTE));
    const container = room(server);
    const view = within(container);
    const element = await attached(container);
    metadata(element);
    expect(Math.abs(element.currentTime - 600)).toBeLessThanOrEqual(2); // 10:00, by the server's clock
    element.currentTime = 900;
    fire(element, "seeking");
    expect(Math.abs(element.currentTime - 600)).toBeLessThanOrEqual(2);
    expect(view.getByText(/^10:0\d$/)).toBeTruthy(); // the time counter, elapsed
    expect(view.queryByRole("button", { name: /seek/i })).toBeNull();

    await waitFor(() => expect(FakeEventSource.current).toBeTruthy());
    (FakeEventSource.current as FakeEventSource).emit("item", cta("offer", 600, "Join the program"));
    (FakeEventSource.current as FakeEventSource).emit("item", { id: "s1", action: "changesubject", offsetSeconds: 600, subject: "Part two: pricing" });
    const offer = await view.findByRole("region", { name: "Join the program" });
    expect(within(offer).getByText("Only today")).toBeTruthy();
    const button = within(offer).getByRole("link", { name: "Get the offer" });
    expect(button.getAttribute("href")).toBe("https://shop.example.com/offer");
    expect(button.getAttribute("target")).toBe("_blank");
    expect(button.getAttribute("rel")).toContain("noopener");
    fireEvent.click(button);
    await waitFor(() => expect(server.clicks).toEqual(["offer"]));
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("Part two: pricing");
    fireEvent.click(within(offer).getByRole("button", { name: "Dismiss the offer" }));
    await waitFor(() => expect(view.queryByRole("region", { name: "Join the program" })).toBeNull());
  });

  it("with pageTitle (the hosted page), a changesubject also becomes the page's title; without it the host page's title stays", async () => {
    const subject = { id: "s1", action: "changesubject", offsetSeconds: 600, subject: "Part two: pricing" };
    for (const pageTitle of [true, false]) {
      document.title = "The host's page";
      const server = fakeRoomServer(timingIn(-10 * MINUTE));
      const container = room(server, { pageTitle });
      const view = within(container);
      await view.findByRole("heading", { level: 1, name: "Growth Webinar" });
      await waitFor(() => expect(FakeEventSource.current).toBeTruthy());
      (FakeEventSource.current as FakeEventSource).emit("item", subject);
      await view.findByRole("heading", { level: 1, name: "Part two: pricing" });
      await waitFor(() => expect(document.title).toBe(pageTitle ? "Part two: pricing" : "The host's page"));
      unmountAll();
      FakeEventSource.opened = [];
    }
  });

  it("autoplays muted when sound is refused and unmutes on a click; muteAll starts muted", async () => {
    const server = fakeRoomServer(timingIn(-MINUTE));
    const container = room(server);
    const view = within(container);
    const element = await attached(container);
    metadata(element);
    const unmute = await view.findByRole("button", { name: "Click to unmute" });
    expect(element.muted).toBe(true);
    expect(element.paused).toBe(false);
    fireEvent.click(unmute);
    await waitFor(() => expect(view.queryByRole("button", { name: /Click to unmute/ })).toBeNull());
    expect(element.muted).toBe(false);
    expect(view.getByRole("button", { name: "Mute" })).toBeTruthy();
    fireEvent.click(view.getByRole("button", { name: "Pause" }));
    await waitFor(() => expect(view.getByRole("button", { name: "Play" })).toBeTruthy());
    expect(element.paused).toBe(true);
    unmountAll();

    restoreMedia();
    restoreMedia = fakeMedia({ allowSound: true });
    const muteAll = fakeRoomServer(timingIn(-MINUTE));
    muteAll.patch = { display: { ...muteAll.snapshot().display, muteAll: true } };
    const second = room(muteAll);
    metadata(await attached(second));
    expect(await within(second).findByRole("button", { name: /Click to unmute/ })).toBeTruthy();
    expect(video(second).muted).toBe(true);
  });

  it("re-fetches the snapshot when the channel fails and reopens it (items aired meanwhile appear)", async () => {
    const server = fakeRoomServer(timingIn(-2 * MINUTE), { items: [chat("c1", 60, "Ann", "First")] });
    const container = room(server);
    await waitFor(() => expect(FakeEventSource.current).toBeTruthy());
    const first = FakeEventSource.current as FakeEventSource;
    server.items = [...server.items, chat("c2", 100, "Cy", "Missed while offline")];
    first.fail();
    expect(first.closed).toBe(true);
    await waitFor(() => expect(within(container).getByText("Missed while offline")).toBeTruthy(), slow);
    await waitFor(() => expect(FakeEventSource.current && FakeEventSource.current !== first).toBe(true));
    expect(server.gets).toBe(2);
  });

  it("ends on the last frame with the last CTA's button, and closes the channel", async () => {
    const server = fakeRoomServer(timingIn(-29 * MINUTE - 58_000, { liveSeconds: 1800, replayStartMinutes: 60 }), { items: [cta("offer", 60, "Join the program")] });
    const container = room(server);
    const view = within(container);
    await waitFor(() => expect(container.querySelector("video")).toBeTruthy());
    fireEvent.click(await view.findByRole("button", { name: "Dismiss the offer" }));
    await view.findByRole("heading", { name: "Thanks for watching" }, slow);
    expect(container.querySelector("video")).toBeTruthy(); // the last frame stays
    expect(view.getByRole("link", { name: "Get the offer" })).toBeTruthy();
    expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("live");
    await waitFor(() => expect(FakeEventSource.opened.every((source) => source.closed)).toBe(true));
  });

  it("plays the replay with free seeking; items appear as the playback passes their second", async () => {
    const server = fakeRoomServer(timingIn(-3 * 3_600_000), {
      entry: "replay",
      items: [chat("c1", 30, "Ann", "Early"), chat("c2", 300, "Bo", "Later on"), cta("offer", 400, "Join the program")],
    });
    const container = room(server);
    const view = within(container);
    const element = await attached(container);
    expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("replay");
    expect(element.controls).toBe(true);
    element.currentTime = 100;
    fire(element, "timeupdate");
    await waitFor(() => expect(view.getByText("Early")).toBeTruthy());
    expect(view.queryByText("Later on")).toBeNull();
    expect(view.queryByRole("region", { name: "Join the program" })).toBeNull();
    element.currentTime = 1200; // a seek ahead is the replay's right
    fire(element, "timeupdate");
    await waitFor(() => expect(view.getByText("Later on")).toBeTruthy());
    expect(element.currentTime).toBe(1200);
    expect(view.getByRole("region", { name: "Join the program" })).toBeTruthy();
    expect(FakeEventSource.current).toBeTruthy(); // replay presence
  });

  it("shows clear pages after the end: ended without replay, expired after the window, and a bad link", async () => {
    const ended = room(fakeRoomServer(timingIn(-3 * 3_600_000, { replay: { enabled: false, days: 0, hours: 0, minutes: 0, expireOnMid: false } })));
    expect(await within(ended).findByText("This event has ended.")).toBeTruthy();
    const expired = room(fakeRoomServer(timingIn(-3 * 86_400_000)));
    expect(await within(expired).findByText("This replay has expired.")).toBeTruthy();
    const failing = fakeRoomServer(timingIn(0));
    failing.fail(new ApiError("This link is not valid.", 404, {}));
    const bad = room(failing);
    expect((await within(bad).findByRole("alert")).textContent).toBe("This link is not valid.");
    failing.fail(undefined);
    fireEvent.click(within(bad).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(within(bad).queryByRole("alert")).toBeNull());
    expect(FakeEventSource.opened.filter((source) => !source.closed)).toHaveLength(1); // only the live one
  });
});
