import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfirmDialogHost } from "../../../ui/Dialog.js";
import { Toaster } from "../../../ui/Toasts.js";
import { LiveConsole } from "./LiveConsole.js";
import { action, attendee, event, FakeEventSource, fakeEventSource, fakeServer, message, snapshot, T0 } from "./test-support/consoleFixtures.js";
import type { ConsoleSnapshot } from "./types.js";

// The machine these run on may be busy: a menu or a dialog can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  FakeEventSource.instances = [];
});
afterEach(cleanup);

async function renderConsole(initial: ConsoleSnapshot, overrides = {}) {
  const server = fakeServer(initial, overrides);
  render(
    <>
      <LiveConsole eventId="ev-1" api={server.api} channel={{ EventSource: fakeEventSource, retryDelay: () => 10 }} />
      <ConfirmDialogHost />
      <Toaster />
    </>,
  );
  await screen.findByRole("heading", { name: "Chat inbox" });
  // The channel opens in an effect after the first render with the snapshot: wait for it, so a
  // busy machine does not find the console rendered but its channel not yet opened.
  await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
  return server;
}

/** The channel's EventSource, opened. */
function channel() {
  const source = FakeEventSource.last();
  act(() => source.open());
  return source;
}

const inbox = () => screen.getByRole("region", { name: /Chat inbox/ });

describe("the live console", () => {
  it("waits for the host to start a semi-automatic event, with the waiting room's count, and starts it after asking", async () => {
    const present = [attendee("r-1", "Ann Attendee"), attendee("r-2", "Bob Viewer"), attendee("r-3", "Cy Reed")];
    const server = await renderConsole(snapshot({ event: event({ control: "semi-automatic", phase: "waiting" }), present }));
    expect(screen.getByText("Waiting for you to start — 3 people in the waiting room.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Start the event" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/Everyone in the waiting room \(3 people\)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Start now" }));
    await waitFor(() => expect(server.calls.some(([name]) => name === "start")).toBe(true));
    expect(await screen.findByText(/^Live since .* — it ends with the program\.$/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start the event" })).toBeNull();
  });

  it("shows who is in the room (names, emails, how long) and the count attendees see, live", async () => {
    await renderConsole(snapshot());
    const room = screen.getByRole("region", { name: "In the room" });
    expect(within(room).getByText("Ann Attendee")).toBeTruthy();
    expect(within(room).getAllByText("ann@example.com").length).toBeGreaterThan(0);
    expect(within(room).getByText("250")).toBeTruthy();
    const source = channel();
    act(() => source.emit("presence", { present: [attendee("r-bob", "Bob Viewer", 30)], simulated: 251 }));
    expect(within(room).queryByText("Ann Attendee")).toBeNull();
    expect(within(room).getByText("251")).toBeTruthy();
    expect(within(room).getByText("1")).toBeTruthy();
  });

  it("brings messages in as they arrive, counts the unanswered, and marks one answered", async () => {
    const server = await renderConsole(snapshot());
    expect(within(inbox()).getByText("All answered")).toBeTruthy();
    const source = channel();
    // The stream starts after the snapshot's last message (none here).
    expect(new URL(source.url).searchParams.get("lastEventId")).toBe("0");
    const question = message({ body: "Is there a replay?" });
    server.current.messages = [question];
    act(() => source.emit("message", question, String(question.seq)));
    act(() => source.emit("message", question, String(question.seq)));
    expect(within(inbox()).getAllByText("Is there a replay?")).toHaveLength(1);
    expect(within(inbox()).getByText("1 unanswered")).toBeTruthy();
    fireEvent.click(within(inbox()).getByRole("button", { name: "Mark answered" }));
    await waitFor(() => expect(within(inbox()).getByText("All answered")).toBeTruthy());
    expect(server.calls).toContainEqual(["answer", "ev-1", question.id, true]);
    expect(within(inbox()).queryByText("Is there a replay?")).toBeNull();
    fireEvent.click(within(inbox()).getByRole("tab", { name: /All/ }));
    expect(within(inbox()).getByText("Is there a replay?")).toBeTruthy();
  });

  it("replies privately to the asker, and says a reply to someone who left is emailed", async () => {
    const here = message({ body: "Can I pay monthly?" });
    const gone = message({ body: "Where are the slides?", name: "Dee Left", registrantId: "r-dee", email: "dee@example.com" });
    const server = await renderConsole(snapshot({ messages: [here, gone] }));
    channel();
    // A reply marks the message answered: it leaves the Unanswered list, and shows under All.
    fireEvent.click(within(inbox()).getByRole("tab", { name: /All/ }));
    const [first, second] = within(inbox()).getAllByRole("listitem").filter((li) => li.parentElement?.classList.contains("console-messages"));
    fireEvent.click(within(first!).getByRole("button", { name: "Reply" }));
    const box = within(first!).getByLabelText("Reply to Ann Attendee");
    fireEvent.change(box, { target: { value: "Yes, twelve payments." } });
    fireEvent.click(within(first!).getByRole("button", { name: "Reply privately" }));
    // The reply shows at once; who it went to and "Answered" follow the server's answer (later on a loaded machine).
    await waitFor(() => {
      expect(within(first!).getByText("Yes, twelve payments.")).toBeTruthy();
      expect(within(first!).getByText("privately to Ann Attendee")).toBeTruthy();
      expect(within(first!).getByText("Answered")).toBeTruthy();
    });
    const sent = server.calls.find(([name]) => name === "send")!;
    expect(sent[2]).toMatchObject({ body: "Yes, twelve payments.", toAll: false, toRegistrantId: "r-ann", replyTo: here.id });

    expect(within(second!).getByText("Left the room")).toBeTruthy();
    fireEvent.click(within(second!).getByRole("button", { name: "Reply" }));
    expect(within(second!).getByText(/Dee Left has left the room: a private reply is emailed to dee@example.com/)).toBeTruthy();
    fireEvent.change(within(second!).getByLabelText("Reply to Dee Left"), { target: { value: "Sent them by mail." } });
    fireEvent.click(within(second!).getByRole("button", { name: "Reply privately" }));
    await waitFor(() => expect(within(second!).getByText("privately to Dee Left (emailed: they had left)")).toBeTruthy());
    expect(await screen.findByText("Reply emailed to Dee Left")).toBeTruthy();
  });

  it("refuses an empty or too long message with the chat's own words, and shows the server's refusal", async () => {
    const server = await renderConsole(snapshot(), {
      send: async () => {
        throw new Error("You're sending messages too fast. Wait a few seconds and send it again.");
      },
    });
    channel();
    const everyone = screen.getByLabelText("Message everyone");
    fireEvent.click(screen.getByRole("button", { name: "Send to everyone" }));
    expect(await screen.findByText("Write a message first.")).toBeTruthy();
    fireEvent.change(everyone, { target: { value: "x".repeat(501) } });
    fireEvent.click(screen.getByRole("button", { name: "Send to everyone" }));
    expect(await screen.findByText("A message is at most 500 characters.")).toBeTruthy();
    fireEvent.change(everyone, { target: { value: "Welcome, everyone!" } });
    fireEvent.click(screen.getByRole("button", { name: "Send to everyone" }));
    expect(await screen.findByText(/sending messages too fast/)).toBeTruthy();
    expect((everyone as HTMLTextAreaElement).value).toBe("Welcome, everyone!");
    expect(server.calls.filter(([name]) => name === "send")).toHaveLength(0);
  });

  it("sends a retry of the same text with the same clientId (stored once)", async () => {
    let fail = true;
    const ids: string[] = [];
    const server = await renderConsole(snapshot());
    const send = server.api.send;
    server.api.send = async (id, body) => {
      ids.push(body.clientId);
      if (fail) {
        fail = false;
        throw new Error("Network error");
      }
      return send(id, body);
    };
    channel();
    fireEvent.change(screen.getByLabelText("Message everyone"), { target: { value: "Hello!" } });
    fireEvent.click(screen.getByRole("button", { name: "Send to everyone" }));
    expect(await screen.findByText("Network error")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send to everyone" }));
    await waitFor(() => expect(ids).toHaveLength(2));
    expect(ids[0]).toBe(ids[1]);
  });

  it("bans only after the confirmation, and mutes from the message's menu", async () => {
    const bob = message({ body: "spam spam", name: "Bob Viewer", registrantId: "r-bob", email: "bob@example.com" });
    const server = await renderConsole(snapshot({ messages: [bob] }));
    channel();
    const more = () => within(inbox()).getByRole("button", { name: "More actions for the message from Bob Viewer" });
    fireEvent.click(more());
    fireEvent.click(await screen.findByRole("menuitem", { name: "Ban Bob Viewer…" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.calls.some(([name]) => name === "ban")).toBe(false);
    fireEvent.click(more());
    fireEvent.click(await screen.findByRole("menuitem", { name: "Ban Bob Viewer…" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Ban" }));
    await waitFor(() => expect(server.calls).toContainEqual(["ban", "ev-1", "r-bob"]));

    fireEvent.click(more());
    fireEvent.click(await screen.findByRole("menuitem", { name: "Mute Bob Viewer" }));
    await waitFor(() => expect(server.calls).toContainEqual(["mute", "ev-1", "r-bob", true]));
    expect(await within(inbox()).findByText("Author muted")).toBeTruthy();
  });

  it("checks a CTA before pushing it, and logs the push", async () => {
    const server = await renderConsole(snapshot());
    channel();
    const push = screen.getByRole("form", { name: "Push a call to action" });
    fireEvent.change(within(push).getByLabelText("CTA headline"), { target: { value: "Half price today" } });
    fireEvent.change(within(push).getByLabelText("CTA subheadline"), { target: { value: "Only for those here" } });
    fireEvent.change(within(push).getByLabelText("Button title"), { target: { value: "Claim it" } });
    fireEvent.change(within(push).getByLabelText("Button link"), { target: { value: "http://localhost/offer" } });
    fireEvent.click(within(push).getByRole("button", { name: "Push the CTA" }));
    expect(await within(push).findByText(/needs a domain with a suffix/)).toBeTruthy();
    expect(server.calls.some(([name]) => name === "push")).toBe(false);
    fireEvent.change(within(push).getByLabelText("Button link"), { target: { value: "https://example.com/offer" } });
    fireEvent.click(within(push).getByRole("button", { name: "Push the CTA" }));
    const log = await screen.findByRole("region", { name: "Actions log" });
    expect(await within(log).findByText("Pushed the CTA “Half price today”")).toBeTruthy();
    expect(server.calls).toContainEqual([
      "push",
      "ev-1",
      { kind: "cta", cta: { headline: "Half price today", subheadline: "Only for those here", buttonTitle: "Claim it", link: "https://example.com/offer" } },
    ]);
  });

  it("says reconnecting while the channel is down, and fetches the snapshot again once back", async () => {
    const server = await renderConsole(snapshot());
    const source = channel();
    expect(screen.getByText("Live updates on")).toBeTruthy();
    act(() => source.drop(true));
    expect(screen.getByText("Reconnecting…")).toBeTruthy();
    const late = message({ body: "Sent while you were away" });
    server.current.messages = [late];
    act(() => source.open());
    expect(await within(inbox()).findByText("Sent while you were away")).toBeTruthy();
    expect(screen.getByText("Live updates on")).toBeTruthy();
  });

  it("ending the event from here shows the summary with the end in its actions log (the channel closes with the event)", async () => {
    const live = event({ control: "manual", phase: "live", startedAt: T0 });
    const server = await renderConsole(snapshot({ event: live }), {
      end: async () => {
        // The server records the end, then answers; the channel's own "action" never arrives here.
        const ended = { ...live, endedAt: T0 + 900_000, phase: "ended" as const };
        server.current.event = ended;
        server.current.actions = [...server.current.actions, action({ kind: "end", detail: {} })];
        return ended;
      },
    });
    channel();
    fireEvent.click(screen.getByRole("button", { name: "End the event" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "End the event" }));
    const summary = await screen.findByRole("region", { name: "Live console summary" });
    expect(await within(summary).findByText("Ended the event")).toBeTruthy();
  });

  it("shows the summary once the event is over: figures, transcript and actions log", async () => {
    const server = fakeServer(
      snapshot({
        event: event({ phase: "ended", control: "manual", startedAt: T0, endedAt: T0 + 3_600_000 }),
        messages: [message({ body: "Thanks!" })],
        actions: [action({ kind: "subject", detail: { subject: "Q&A" } })],
        stats: { messages: 12, questions: 7, answered: 5, ctaViews: 40, ctaClicks: 10, pushes: 3 },
      }),
    );
    render(<LiveConsole eventId="ev-1" api={server.api} channel={{ EventSource: fakeEventSource }} />);
    const summary = await screen.findByRole("region", { name: "Live console summary" });
    const figures = within(summary).getByRole("list", { name: "The event's chat and CTA figures" });
    expect(figures.textContent).toContain("7Questions");
    expect(figures.textContent).toContain("5Questions answered");
    expect(figures.textContent).toContain("10 (25%)CTA clicks");
    expect(within(summary).getByText("Changed the subject to “Q&A”")).toBeTruthy();
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
