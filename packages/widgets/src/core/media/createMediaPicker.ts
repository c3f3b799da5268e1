import { batch, computed, signal, type ReadonlySignal } from "../signals.js";
import { isCuepointError, type MediaItem, type MediaResource } from "@cuepoint/sdk";
import type { Uploader, UploaderState, UploadInput } from "@cuepoint/sdk/upload";

/** The kinds of file the picker browses. */
export type PickerMediaType = "image" | "audio" | "video";

export interface MediaPickerOptions {
  /** The SDK client's media group (`client.media`), with the account's token. */
  media: Pick<MediaResource, "list">;
  /** Makes an uploader (`createUploader` of `@cuepoint/sdk/upload`) that files into `folderId`. */
  uploader?: (options: { folderId?: string }) => Uploader;
  type?: PickerMediaType;
  /** Pick several files (checkboxes) instead of one (radio buttons). */
  multiple?: boolean;
}

export interface MediaPickerCore {
  readonly type: ReadonlySignal<PickerMediaType>;
  /** The open folder's uniqueID; null is the top level. */
  readonly folder: ReadonlySignal<string | null>;
  readonly query: ReadonlySignal<string>;
  readonly loading: ReadonlySignal<boolean>;
  readonly error: ReadonlySignal<string>;
  /** The folders of this kind of media. */
  readonly folders: ReadonlySignal<MediaItem[]>;
  /** The files shown: this type, in the open folder, matching the search (any folder while searching). */
  readonly visible: ReadonlySignal<MediaItem[]>;
  readonly selected: ReadonlySignal<string[]>;
  readonly selection: ReadonlySignal<MediaItem[]>;
  /** The uploads in progress (the uploader's queue and per-file progress), or null. */
  readonly uploads: ReadonlySignal<UploaderState | null>;
  load(): Promise<void>;
  setType(type: PickerMediaType): Promise<void>;
  openFolder(id: string | null): void;
  search(query: string): void;
  toggle(id: string): void;
  /** Uploads files into the open folder; the list reloads as each one is ready. */
  upload(files: UploadInput[]): void;
  dispose(): void;
}

/**
 * The behaviour of the media picker, framework-free: the account's media by type and folder,
 * search, single or multiple selection, and uploads through the SDK's chunked uploader with
 * progress.
 *
 * @example
 * const picker = createMediaPicker({ media: client.media, type: "image", multiple: true });
 * await picker.load();
 * picker.search("logo");
 * picker.toggle(picker.visible.value[0].uniqueID);
 */
/* @__NO_SIDE_EFFECTS__ */
export function createMediaPicker(options: MediaPickerOptions): MediaPickerCore {
  const type = signal<PickerMediaType>(options.type ?? "image");
  const folder = signal<string | null>(null);
  const query = signal("");
  const loading = signal(false);
  const error = signal("");
  const files = signal<MediaItem[]>([]);
  const allFolders = signal<MediaItem[]>([]);
  const selected = signal<string[]>([]);
  const uploads = signal<UploaderState | null>(null);
  const stops: (() => void)[] = [];

  const folders = computed(() =>
    allFolders.value.filter((item) => !item.folder_type || item.folder_type === "folder" || item.folder_type === type.value),
  );
  const visible = computed(() => {
    const words = query.value.trim().toLowerCase();
    return files.value.filter((item) =>
      words ? item.name.toLowerCase().includes(words) : (item.folder_id ?? null) === folder.value,
    );
  });
  const selection = computed(() => files.value.filter((item) => selected.value.includes(item.uniqueID)));

  const load = async () => {
    loading.value = true;
    try {
      const [list, folderList] = await Promise.all([options.media.list(type.peek()), options.media.list("folder")]);
      batch(() => {
        files.value = list.success;
        allFolders.value = folderList.success;
        error.value = "";
      });
    } catch (cause) {
      error.value = isCuepointError(cause) ? cause.message : "The media library could not be loaded.";
    } finally {
      loading.value = false;
    }
  };

  return {
    type,
    folder,
    query,
    loading,
    error,
    folders,
    visible,
    selected,
    selection,
    uploads,
    load,
    async setType(next) {
      batch(() => {
        type.value = next;
        folder.value = null;
        selected.value = [];
      });
      await load();
    },
    openFolder(id) {
      folder.value = id;
    },
    search(text) {
      query.value = text;
    },
    toggle(id) {
      const current = selected.peek();
      if (current.includes(id)) selected.value = current.filter((one) => one !== id);
      else selected.value = options.multiple ? [...current, id] : [id];
    },
    upload(list) {
      if (!options.uploader) return;
      const uploader = options.uploader(folder.peek() ? { folderId: folder.peek() as string } : {});
      stops.push(
        uploader.subscribe((state) => (uploads.value = state)),
        uploader.on("ready", () => void load()),
        uploader.on("error", ({ message }) => (error.value = message)),
        () => uploader.destroy(),
      );
      uploader.add(list);
    },
    dispose() {
      stops.splice(0).forEach((stop) => stop());
    },
  };
}
