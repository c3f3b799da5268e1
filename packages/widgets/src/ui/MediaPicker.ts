import { ENCODING_STATUS, formatSizeGB, UPLOAD_EXTENSIONS, type MediaItem } from "@cuepoint/sdk";
import {
  createMediaPicker,
  type MediaPickerCore,
  type MediaPickerOptions,
  type PickerMediaType,
} from "../core/media/createMediaPicker.js";
import type { Runtime } from "./runtime.js";
import { adoptStyles, LIST_CSS } from "./styles.js";
import { useSignals } from "./useSignal.js";

export interface MediaPickerProps {
  /** An SDK client with the account's token (`createClient(...)`): its `media` group lists files. */
  client: { media: MediaPickerOptions["media"] };
  /** Makes the SDK's chunked uploader for a folder; without it there is no upload button. */
  uploader?: MediaPickerOptions["uploader"];
  /** The kind of media to show first; "image" by default. */
  type?: PickerMediaType;
  multiple?: boolean;
  /** The chosen files, when the visitor presses "Choose". */
  onPick: (items: MediaItem[]) => void;
}

const TYPES: [PickerMediaType, string][] = [
  ["image", "Images"],
  ["audio", "Audio"],
  ["video", "Videos"],
];

/**
 * Builds the media picker component for a framework: browse the account's media by type and
 * folder, search, pick one or several, upload with progress.
 */
/* @__NO_SIDE_EFFECTS__ */
export function mediaPickerComponent(rt: Runtime) {
  const { h } = rt;
  return function MediaPicker(props: MediaPickerProps): unknown {
    const [core] = rt.useState<MediaPickerCore>(() =>
      createMediaPicker({ media: props.client.media, uploader: props.uploader, type: props.type, multiple: props.multiple }),
    );
    const root = rt.useRef<HTMLElement | null>(null);
    const id = rt.useId().replace(/[^\w-]/g, "");
    rt.useEffect(() => {
      adoptStyles(root.current);
      adoptStyles(root.current, LIST_CSS);
      void core.load();
      return () => core.dispose();
    }, [core]);
    useSignals(rt, [core.type, core.folder, core.query, core.loading, core.error, core.folders, core.visible, core.selected, core.uploads]);

    const value = (event: Event) => (event.currentTarget as HTMLInputElement).value;
    const uploads = core.uploads.value;
    const item = (media: MediaItem) => {
      // A video is pickable once processed (spec §4's encoding codes): still being processed it is
      // shown so, and one whose processing failed cannot be picked.
      const status = media.encoding_status;
      const failed = status === ENCODING_STATUS.failed;
      const note = failed
        ? " · failed"
        : status === ENCODING_STATUS.inProgress || status === ENCODING_STATUS.pending
          ? " · processing…"
          : media.video_length
            ? ` · ${media.video_length}`
            : "";
      return h(
        "label",
        { key: media.uniqueID, className: "cp-item" },
        h("input", {
          type: props.multiple ? "checkbox" : "radio",
          name: `${id}-pick`,
          checked: core.selected.value.includes(media.uniqueID),
          disabled: failed,
          onChange: () => core.toggle(media.uniqueID),
        }),
        h("span", null, media.name, h("span", { className: "cp-muted" }, ` ${formatSizeGB(media.size)} GB${note}`)),
      );
    };
    return h(
      "div",
      { ref: root, className: "cp cp-media", "aria-busy": core.loading.value ? "true" : "false" },
      h(
        "div",
        { className: "cp-bar" },
        h(
          "select",
          { "aria-label": "Media type", value: core.type.value, onChange: (e: Event) => void core.setType(value(e) as PickerMediaType) },
          ...TYPES.map(([type, label]) => h("option", { key: type, value: type }, label)),
        ),
        h(
          "select",
          { "aria-label": "Folder", value: core.folder.value ?? "", onChange: (e: Event) => core.openFolder(value(e) || null) },
          h("option", { value: "" }, "All folders (top level)"),
          ...core.folders.value.map((folder) => h("option", { key: folder.uniqueID, value: folder.uniqueID }, folder.name)),
        ),
        h("input", { type: "search", "aria-label": "Search media", placeholder: "Search", value: core.query.value, [rt.textInput]: (e: Event) => core.search(value(e)) }),
      ),
      core.error.value && h("p", { className: "cp-alert", role: "alert" }, core.error.value),
      h(
        "div",
        { className: "cp-grid", role: "group", "aria-label": "Files" },
        ...core.visible.value.map(item),
      ),
      !core.loading.value && core.visible.value.length === 0 && h("p", { className: "cp-muted" }, "No files here."),
      props.uploader &&
        h(
          "div",
          { className: "cp-field" },
          h("label", { htmlFor: `${id}-upload` }, "Upload files"),
          h("input", {
            id: `${id}-upload`,
            type: "file",
            multiple: true,
            accept: UPLOAD_EXTENSIONS.join(","),
            onChange: (e: Event) => core.upload([...((e.currentTarget as HTMLInputElement).files ?? [])]),
          }),
        ),
      uploads &&
        h(
          "ul",
          { "aria-label": "Uploads" },
          ...uploads.queue.map((file) =>
            h(
              "li",
              { key: file.uuid },
              file.name,
              h("progress", { max: 100, value: uploads.status[file.uuid]?.progress ?? 0, "aria-label": `${file.name} uploaded` }),
            ),
          ),
        ),
      h(
        "button",
        { type: "button", disabled: core.selected.value.length === 0, onClick: () => props.onPick(core.selection.value) },
        "Choose",
      ),
    );
  };
}
