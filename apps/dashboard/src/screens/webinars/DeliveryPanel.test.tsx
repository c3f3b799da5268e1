import { act, cleanup, configure, render, screen } from "@testing-library/react";
import type { WebinarDelivery, YouTubeBroadcastState } from "@cuepoint/sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeliveryPanel } from "./DeliveryPanel.js";

const delivery = vi.fn();
const deliveryYoutube = vi.fn();
vi.mock("../../api/client.js", () => ({
  client: { webinars: { delivery: (id: string) => delivery(id), deliveryYoutube: (id: string) => deliveryYoutube(id) } },
}));

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => {
  delivery.mockReset();
  deliveryYoutube.mockReset();
});
afterEach(cleanup);

const session = (fields: Partial<WebinarDelivery>): { success: WebinarDelivery } => ({
  success: {
    platform: "zoom",
    status: "ready",
    message: "",
    remoteId: "",
    remoteKind: "",
    registrants: { registered: 0, pending: 0, refused: 0 },
    log: [],
    ...fields,
  },
});

describe("DeliveryPanel", () => {
  it("says where the webinar runs, the personal links, and the platform's refusal in its words", async () => {
    const message = "1 registration was refused — Zoom answered: the webinar is full.";
    delivery.mockResolvedValue(
      session({
        status: "ready",
        remoteId: "81234567890",
        remoteKind: "webinar",
        message,
        registrants: { registered: 4, pending: 1, refused: 1 },
        log: [{ at: "2026-05-01T16:00:00.000Z", operation: "register", outcome: "refused", detail: "Zoom answered: the webinar is full.", registrantId: "r1" }],
      }),
    );
    render(<DeliveryPanel eventId="ev 1" />);
    expect(await screen.findByRole("heading", { name: "Delivered on Zoom" })).toBeTruthy();
    expect(delivery).toHaveBeenCalledWith("ev 1");
    expect(screen.getByText(/Zoom webinar ID 81234567890/)).toBeTruthy();
    expect(screen.getByText("4 registered, 1 waiting, 1 refused")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.getByText(/register — refused: Zoom answered: the webinar is full\./)).toBeTruthy();
    expect(deliveryYoutube).not.toHaveBeenCalled();
  });

  it("renders nothing for an event in Cuepoint's own room", async () => {
    delivery.mockResolvedValue(session({ platform: null, status: "none" }));
    const { container } = render(<DeliveryPanel eventId="ev-2" />);
    expect(delivery).toHaveBeenCalledWith("ev-2");
    await act(async () => {
      await delivery.mock.results[0]?.value;
    });
    expect(container.innerHTML).toBe("");
  });

  it("shows a ready YouTube broadcast's state and ingest server from YouTube", async () => {
    const broadcast: YouTubeBroadcastState = {
      broadcastId: "yt-b1",
      studioUrl: "https://studio.youtube.com/video/yt-b1/livestreaming",
      lifeCycleStatus: "ready",
      privacyStatus: "unlisted",
      streamStatus: "inactive",
      ingestionAddress: "rtmp://a.rtmp.youtube.com/live2",
      backupIngestionAddress: "",
      streamName: "abcd-efgh-ijkl-mnop",
      message: "",
    };
    delivery.mockResolvedValue(session({ platform: "youtube", status: "ready", remoteId: "yt-b1", remoteKind: "broadcast" }));
    deliveryYoutube.mockResolvedValue({ success: broadcast });
    render(<DeliveryPanel eventId="ev-3" />);
    expect(await screen.findByRole("heading", { name: "YouTube broadcast" })).toBeTruthy();
    expect(deliveryYoutube).toHaveBeenCalledWith("ev-3");
    expect(screen.getByRole("status").textContent).toBe("Ready — start your encoder");
    expect(screen.getByText("rtmp://a.rtmp.youtube.com/live2")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the broadcast in YouTube Studio" }).getAttribute("href")).toBe(broadcast.studioUrl);
  });
});
