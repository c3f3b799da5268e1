import { fireEvent, waitFor, within } from "@testing-library/dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, ROOM_CHAT_MESSAGES, type RoomChatMessage } from "@cuepoint/sdk";
import { BINDINGS } from "../test-support/bindings.js";
import { API, chat, FakeEventSource, FakeSource, fakeMedia, fakeRoomServer, SKEW, timingIn, TOKEN } from "../test-support/room.js";

const MINUTE = 60_000;
const slow = { timeout: 4000 };
let seq = 0;
/** A message as the channel delivers it, sent now on the server's clock. */
const said = (fields: Partial<RoomChatMessage>): RoomChatMessage => ({
  id: `m${++seq}`,
  seq,
  from: "attendee",
  name: "Cy",
  body: `message ${seq}`,
  sentAt: Date.now() + SKEW,
  mine: false,
  toAll: true,
  links: false,
  replyTo: null,
  ...fields,
});

describe.each(BINDINGS.filter((binding) => binding.name !== "embed"))("EventRoom chat ($name)", ({ entry, mount, unmountAll }) => {
  let restoreMedia: () => void;
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = global.IS_REACT_ACT_ENVIRONMENT;
  beforeEach(() => {
    global.IS_REACT_ACT_ENVIRONMENT = false;
    FakeEventSource.opened = [];
    restoreMedia = fakeMedia({ allowSound: true });
  });
  afterEach(() => {
    unmountAll();
    restoreMedia();
    global.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  /** The live room, 10 minutes in, with its channel open. */
  const liveRoom = async (server = fakeRoomServer(timingIn(-10 * MINUTE))) => {
    const container = mount(entry.EventRoom, { token: TOKEN, apiURL: API, client: { room: server.api }, EventSource: FakeSource, timeZone: "America/New_York", locale: "en-US" });
    const view = within(container);
    await waitFor(() => expect(FakeEventSource.current).toBeTruthy(), slow);
    const log = await view.findByRole("log", { name: "Chat messages" });
    return { server, container, view, log, channel: FakeEventSource.current as FakeEventSource };
  };
  const items = (log: HTMLElement) => [...log.querySelectorAll("li")].map((li) => li.textContent?.replace(/\d{1,2}:\d\d [AP]M$/, "").trim());

  it("sends on Enter: shown at once as sending, then the stored message; nothing twice when the channel brings it too", async () => {
    const { server, view, log, channel } = await liveRoom();
    server.chatDelay = 300;
    expect(view.getByText("Your messages go to the host only.")).toBeTruthy();
    const box = view.getByLabelText("Your message to the host") as HTMLInputElement;
    fireEvent.input(box, { target: { value: "  How long is the replay?  " } });
    fireEvent.change(box, { target: { value: "  How long is the replay?  " } });
    fireEvent.submit(box.form as HTMLFormElement); // Enter in the box
    const sending = await within(log).findByText("Sending…");
    expect(sending.closest("li")?.textContent).toContain("How long is the replay?");
    await waitFor(() => expect(box.value).toBe(""));
    await waitFor(() => expect(within(log).queryByText("Sending…")).toBeNull(), slow);
    expect(server.sends).toHaveLength(1);
    const stored = server.stored[0] as RoomChatMessage;
    channel.emit("chat", stored); // the channel's copy of the same message
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(log).getAllByText("How long is the replay?")).toHaveLength(1);
    expect(within(log).getByText("You")).toBeTruthy();

    fireEvent.click(view.getByRole("button", { name: "Send" })); // empty
    expect((await view.findByRole("alert")).textContent).toBe(ROOM_CHAT_MESSAGES.empty);
    expect(server.sends).toHaveLength(1);
  });

  it("shows the host's replies marked 'to you' or 'to everyone', announces them, links only the host's addresses", async () => {
    const { view, log, channel } = await liveRoom();
    channel.emit("chat", said({ from: "host", name: "Dana (host)", toAll: false, links: true, body: "Yes: see https://example.com/replay. And javascript:alert(1)" }));
    channel.emit("chat", said({ from: "host", name: "Dana (host)", toAll: true, links: true, body: "Welcome all" }));
    channel.emit("chat", said({ name: "Cy", body: "my site https://spam.example.com", links: true }));
    const reply = (await within(log).findByText("to you")).closest("li") as HTMLElement;
    expect(reply.textContent).toContain("Dana (host)");
    const link = within(reply).getByRole("link", { name: "https://example.com/replay" });
    expect(link.getAttribute("href")).toBe("https://example.com/replay");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(reply.textContent).toContain("javascript:alert(1)"); // as text
    expect(within(reply).getAllByRole("link")).toHaveLength(1);
    expect((within(log).getByText("to everyone").closest("li") as HTMLElement).textContent).toContain("Welcome all");
    const other = within(log).getByText(/my site/).closest("li") as HTMLElement;
    expect(within(other).queryByRole("link")).toBeNull();
    // A polite region reads the latest reply; the log itself does not speak.
    expect(log.getAttribute("aria-live")).toBe("off");
    await waitFor(() => expect(view.getByText("Dana (host) to everyone: Welcome all").getAttribute("aria-live")).toBe("polite"));
  });

  it("interleaves auto-chat by time, removes a deleted message, keeps 200 lines of a flood", async () => {
    const server = fakeRoomServer(timingIn(-10 * MINUTE), { items: [chat("a1", 60, "Ann", "Scripted hello")] });
    const { log, channel } = await liveRoom(server);
    const start = server.timing.startsAt;
    channel.emit("chat", said({ body: "before it", sentAt: start + 30_000 }));
    channel.emit("chat", said({ body: "after it", sentAt: start + 90_000 }));
    await waitFor(() => expect(items(log)).toEqual(["Cybefore it", "AnnScripted hello", "Cyafter it"]));
    channel.emit("chat-delete", { id: `m${seq}` });
    await waitFor(() => expect(items(log)).toEqual(["Cybefore it", "AnnScripted hello"]));
    for (let i = 0; i < 300; i++) channel.emit("chat", said({}));
    await waitFor(() => expect(log.querySelectorAll("li")).toHaveLength(200));
    expect(log.querySelector("li:last-child")?.textContent).toContain(`message ${seq}`);
  });

  it("offers the canned replies, counts characters near the limit, and shows the server's refusal with the text kept", async () => {
    const { server, view, log } = await liveRoom();
    const quick = view.getByRole("group", { name: "Quick replies" });
    fireEvent.click(within(quick).getByRole("button", { name: "Where is the replay?" }));
    await waitFor(() => expect(within(log).getByText("Where is the replay?")).toBeTruthy());
    expect(server.sends.map((send) => send.body)).toEqual(["Where is the replay?"]);

    const box = view.getByLabelText("Your message to the host") as HTMLInputElement;
    fireEvent.input(box, { target: { value: "x".repeat(450) } });
    fireEvent.change(box, { target: { value: "x".repeat(450) } });
    expect(await view.findByText("50 characters left")).toBeTruthy();
    fireEvent.input(box, { target: { value: "x".repeat(503) } });
    fireEvent.change(box, { target: { value: "x".repeat(503) } });
    expect(await view.findByText("3 characters too many")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toMatch(/count .*error/);
    fireEvent.submit(box.form as HTMLFormElement);
    await waitFor(() => expect(view.getByRole("alert").textContent).toBe(ROOM_CHAT_MESSAGES.tooLong));
    expect(server.sends).toHaveLength(1);

    server.refuseChat = new ApiError(ROOM_CHAT_MESSAGES.tooFast, 429, { message: ROOM_CHAT_MESSAGES.tooFast, field: "body" });
    fireEvent.input(box, { target: { value: "Again?" } });
    fireEvent.change(box, { target: { value: "Again?" } });
    fireEvent.submit(box.form as HTMLFormElement);
    await waitFor(() => expect(view.getByRole("alert").textContent).toBe(ROOM_CHAT_MESSAGES.tooFast));
    expect(box.value).toBe("Again?");
    expect(within(log).queryByText("Again?")).toBeNull();
  });

  it("reopens the channel after a loss from the last message seen (lastEventId) and shows a re-sent backlog once", async () => {
    const { log, channel } = await liveRoom();
    const first = said({ body: "first" });
    const second = said({ body: "second" });
    channel.emit("chat", first);
    channel.emit("chat", second);
    await waitFor(() => expect(within(log).getByText("second")).toBeTruthy());
    channel.fail();
    await waitFor(() => expect(FakeEventSource.current && FakeEventSource.current !== channel).toBe(true), slow);
    const reopened = FakeEventSource.current as FakeEventSource;
    expect(new URL(reopened.url).searchParams.get("lastEventId")).toBe(String(second.seq));
    reopened.emit("chat", second); // overlapping backlog
    reopened.emit("chat", said({ body: "third" }));
    // A pushed CTA and subject (ids push-…) show like timed ones.
    reopened.emit("item", { id: "push-1", action: "cta", offsetSeconds: 600, cta: { headline: "Pushed offer", subheadline: "", buttonText: "Buy", url: "https://shop.example.com/" } });
    await waitFor(() => expect(within(log).getByText("third")).toBeTruthy());
    expect(within(log).getAllByText("second")).toHaveLength(1);
    expect(await within(log.ownerDocument.body).findByRole("region", { name: "Pushed offer" })).toBeTruthy();
  });

  it("re-fetches the snapshot on control, and shows the server's page after a bye (banned)", async () => {
    const { server, container, channel } = await liveRoom();
    const gets = server.gets;
    channel.emit("control", { startedAt: Date.now() + SKEW - 10 * MINUTE, endedAt: null });
    await waitFor(() => expect(server.gets).toBe(gets + 1));
    expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("live");

    server.fail(new ApiError("You can no longer join this event.", 403, { message: "You can no longer join this event." }));
    channel.emit("bye", { reason: "banned" });
    expect(await within(container).findByRole("heading", { name: "This event cannot be opened" })).toBeTruthy();
    expect(within(container).getByRole("alert").textContent).toBe("You can no longer join this event.");
    expect(FakeEventSource.opened.every((source) => source.closed)).toBe(true);
    expect(container.querySelector("video")).toBeNull();
  });

  it("ends the live room when the host ends it (control): the last frame with the end overlay, the box gone", async () => {
    const { server, view, channel } = await liveRoom();
    expect(view.getByLabelText("Your message to the host")).toBeTruthy();
    server.timing = { ...server.timing, liveSeconds: 10 * 60 - 5 }; // the host ended it: the program is over now
    channel.emit("control", { startedAt: server.timing.startsAt, endedAt: Date.now() + SKEW });
    expect(await view.findByRole("heading", { name: "Thanks for watching" }, slow)).toBeTruthy();
    expect(view.queryByLabelText("Your message to the host")).toBeNull();
    expect(view.getByRole("log", { name: "Chat messages" })).toBeTruthy();
  });

  it("keeps a hand-run event's room open past its program and its open end while the host has not ended it", async () => {
    const startedAt = Date.now() + SKEW - 20 * MINUTE;
    const server = fakeRoomServer({ ...timingIn(-20 * MINUTE, { liveSeconds: 60, replayStartMinutes: 30 }), control: { mode: "manual", startedAt, endedAt: null } });
    let later = 0; // the local clock moves on by this much
    const container = mount(entry.EventRoom, { token: TOKEN, apiURL: API, client: { room: server.api }, EventSource: FakeSource, now: () => Date.now() + later });
    const view = within(container);
    await waitFor(() => expect(FakeEventSource.current).toBeTruthy(), slow);
    expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("live");
    later = 2 * MINUTE; // past the view's open end (a minute ahead at the arrival)
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(view.queryByRole("heading", { name: "Thanks for watching" })).toBeNull();
    expect(view.getByLabelText("Your message to the host")).toBeTruthy();
    server.timing = { ...server.timing, control: { mode: "manual", startedAt, endedAt: Date.now() + SKEW } };
    (FakeEventSource.current as FakeEventSource).emit("control", { startedAt, endedAt: Date.now() + SKEW });
    expect(await view.findByRole("heading", { name: "Thanks for watching" }, slow)).toBeTruthy();
  });

  it("keeps the channel open in the waiting room: the host's manual start (control) opens the room at once", async () => {
    const server = fakeRoomServer(timingIn(10 * MINUTE));
    const container = mount(entry.EventRoom, { token: TOKEN, apiURL: API, client: { room: server.api }, EventSource: FakeSource, locale: "en-US" });
    await within(container).findByText(/The room opens here by itself/, undefined, slow);
    await waitFor(() => expect(FakeEventSource.current).toBeTruthy());
    server.timing = timingIn(-1000); // started by the host a second ago
    (FakeEventSource.current as FakeEventSource).emit("control", { startedAt: server.timing.startsAt, endedAt: null });
    await waitFor(() => expect(container.querySelector("[data-phase]")?.getAttribute("data-phase")).toBe("live"), slow);
    expect(container.querySelector("video")).toBeTruthy();
  });

  it("in the replay: no message box, and only what was said up to the playback's instant", async () => {
    const server = fakeRoomServer(timingIn(-3 * 3_600_000), { entry: "replay" });
    const container = mount(entry.EventRoom, { token: TOKEN, apiURL: API, client: { room: server.api }, EventSource: FakeSource, locale: "en-US" });
    const view = within(container);
    const log = await view.findByRole("log", { name: "Chat messages" }, slow);
    await waitFor(() => expect(FakeEventSource.current).toBeTruthy());
    expect(view.queryByRole("textbox")).toBeNull();
    (FakeEventSource.current as FakeEventSource).emit("chat", said({ body: "asked at 2:00", sentAt: server.timing.startsAt + 120_000 }));
    const video = container.querySelector("video") as HTMLVideoElement;
    video.currentTime = 60;
    video.dispatchEvent(new window.Event("timeupdate"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(log).queryByText("asked at 2:00")).toBeNull();
    video.currentTime = 180;
    video.dispatchEvent(new window.Event("timeupdate"));
    await waitFor(() => expect(within(log).getByText("asked at 2:00")).toBeTruthy());
  });
});
