import { fireEvent, waitFor, within } from "@testing-library/dom";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { MediaItem } from "@cuepoint/sdk";
import { createUploader } from "@cuepoint/sdk/upload";
import { syntheticVideo } from "../../../../apps/server/src/test-support/videoFiles.js";
import { BINDINGS } from "../test-support/bindings.js";
import { startWidgetServer, type WidgetServer } from "../test-support/server.js";

let server: WidgetServer;
let folderId: string;
beforeAll(async () => {
  server = await startWidgetServer();
  folderId = (await server.owner.media.createFolder({ name: "Logos", type: "image" })).success.uniqueID;
});
afterAll(() => server.close());

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const png = (name: string) => new File([PNG], name, { type: "image/png" });

describe.each(BINDINGS)("MediaPicker ($name)", ({ name, entry, mount, unmountAll }) => {
  afterEach(unmountAll);

  it("uploads through the SDK's uploader, browses by folder, searches, and picks several", async () => {
    const picked: MediaItem[][] = [];
    const view = within(
      mount(entry.MediaPicker, {
        client: server.owner,
        multiple: true,
        uploader: (options: { folderId?: string }) =>
          createUploader({
            endpoint: "http://localhost/api/upload/chunk",
            userId: "test",
            token: server.token,
            fetch: async (input, init) => server.t.app.request(input instanceof Request ? input : String(input), init),
            ...options,
          }),
        onPick: (items: MediaItem[]) => picked.push(items),
      }),
    );
    const upload = await view.findByLabelText("Upload files");
    fireEvent.change(upload, { target: { files: [png(`top-${name}.png`)] } });
    await view.findByLabelText(`top-${name}.png uploaded`);
    await view.findByText(`top-${name}.png`, { exact: false, selector: "label span" });

    fireEvent.change(view.getByLabelText("Folder"), { target: { value: folderId } });
    await waitFor(() => expect(view.queryByText(`top-${name}.png`, { exact: false, selector: "label span" })).toBeNull());
    fireEvent.change(upload, { target: { files: [png(`logo-${name}.png`)] } });
    await view.findByText(`logo-${name}.png`, { exact: false, selector: "label span" });

    // Search looks in every folder.
    fireEvent.change(view.getByLabelText("Folder"), { target: { value: "" } });
    fireEvent.input(view.getByLabelText("Search media"), { target: { value: `-${name}.png` } });
    await waitFor(() => expect(within(view.getByRole("group", { name: "Files" })).getAllByRole("checkbox")).toHaveLength(2));
    for (const box of within(view.getByRole("group", { name: "Files" })).getAllByRole("checkbox")) fireEvent.click(box);
    await waitFor(() => expect((view.getByRole("button", { name: "Choose" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(view.getByRole("button", { name: "Choose" }));
    expect(picked[0]?.map((item) => item.name).sort()).toEqual([`logo-${name}.png`, `top-${name}.png`]);
    expect(picked[0]?.find((item) => item.name.startsWith("logo"))?.folder_id).toBe(folderId);

    // Other kinds of media are another list.
    fireEvent.change(view.getByLabelText("Media type"), { target: { value: "video" } });
    await waitFor(() => expect(within(view.getByRole("group", { name: "Files" })).queryAllByRole("checkbox")).toEqual([]));
  });

  it("shows a video's length once processed, and a video whose processing failed as such, not pickable", async () => {
    const uploader = (file: File) => {
      const one = createUploader({
        endpoint: "http://localhost/api/upload/chunk",
        userId: "test",
        token: server.token,
        fetch: async (input, init) => server.t.app.request(input instanceof Request ? input : String(input), init),
      });
      one.add([file]);
      return one.start();
    };
    // A real (tiny) video: the server encodes it with ffmpeg, and shows its length once encoded.
    await uploader(new File([await syntheticVideo({ seconds: 3, width: 160, height: 90 })], `talk-${name}.mp4`, { type: "video/mp4" }));
    await uploader(new File(["not a video at all"], `broken-${name}.mp4`, { type: "video/mp4" }));
    await server.t.mediaProcessing.idle();
    const view = within(mount(entry.MediaPicker, { client: server.owner, onPick: () => {} }));
    fireEvent.change(await view.findByLabelText("Media type"), { target: { value: "video" } });
    const talk = await view.findByText(`talk-${name}.mp4`, { exact: false, selector: "label span" });
    expect(talk.textContent).toContain("· 00:00:03");
    const broken = await view.findByText(`broken-${name}.mp4`, { exact: false, selector: "label span" });
    expect(broken.textContent).toContain("· failed");
    const box = (label: HTMLElement) => label.closest("label")!.querySelector("input")!;
    expect([box(talk).disabled, box(broken).disabled]).toEqual([false, true]);
  });
});
