import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { LiveStream } from "@cuepoint/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialogHost } from "../../../ui/Dialog.js";
import { Toaster } from "../../../ui/Toasts.js";
import { LivePanel, type LiveStreamApi } from "./LivePanel.js";

configure({ asyncUtilTimeout: 5000 });
afterEach(cleanup);

const stream = (fields: Partial<LiveStream> = {}): LiveStream => ({
  streamed: true,
  ingestUrl: "rtmp://live.example.com/live",
  streamKey: "k".repeat(32),
  state: "waiting",
  runs: [],
  ...fields,
});

function renderPanel(api: LiveStreamApi) {
  render(
    <>
      <LivePanel eventId="ev-1" api={api} />
      <ConfirmDialogHost />
      <Toaster />
    </>,
  );
}

describe("LivePanel", () => {
  it("shows the RTMP server and the hidden key with copy buttons and the stream's state; a new key after a confirmation", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const newKey = vi.fn(async () => stream({ streamKey: "n".repeat(32) }));
    renderPanel({ get: async () => stream({ state: "receiving" }), newKey });
    expect(await screen.findByText("rtmp://live.example.com/live")).toBeTruthy();
    expect(screen.getByText(/Receiving your stream/).getAttribute("role")).toBe("status");
    expect(screen.queryByText("k".repeat(32))).toBeNull(); // hidden until shown
    fireEvent.click(screen.getByRole("button", { name: "Copy key" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("k".repeat(32)));
    fireEvent.click(screen.getByRole("button", { name: "Copy server" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("rtmp://live.example.com/live"));
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(screen.getByText("k".repeat(32))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New key" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "New key" }));
    await waitFor(() => expect(newKey).toHaveBeenCalledWith("ev-1"));
    expect(await screen.findByText("n".repeat(32))).toBeTruthy();
  }, 20_000);

  it("shows nothing for an event that plays its video", async () => {
    const get = vi.fn(async () => stream({ streamed: false, streamKey: null }));
    const { container } = render(<LivePanel eventId="ev-1" api={{ get, newKey: get }} />);
    await waitFor(() => expect(get).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });
});
