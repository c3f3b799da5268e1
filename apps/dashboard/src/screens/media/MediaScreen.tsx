import { useEffect, useMemo, useState, type DragEvent } from "react";
import { ENCODING_STATUS, formatSizeGB, type MediaItem, type MediaType } from "@cuepoint/sdk";
import { useSearchParams } from "wouter";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import type { RouteMeta } from "../../config/paths.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { useSession } from "../../session/session.js";
import { useRouteMeta } from "../../shell/currentRoute.js";
import { Button } from "../../ui/Button.js";
import { Select } from "../../ui/Field.js";
import { ListState } from "../../ui/ListState.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { LinkTabs } from "../../ui/Tabs.js";
import { toast } from "../../ui/Toasts.js";
import { MediaTable } from "./MediaTable.js";
import { NameDialog } from "../../ui/NameDialog.js";
import { NiftyImagesList } from "./NiftyImagesList.js";
import { UploadCornerBar, UploadDialog } from "./UploadDialog.js";
import { setOnUploaded, uploaderFor, uploadView } from "./uploadStore.js";
import "../../ui/screen.css";
import "./media.css";

type View = NonNullable<RouteMeta["mediaView"]>;
const VIEW_TYPE: Partial<Record<View, MediaType>> = { images: "image", audios: "audio", videos: "video" };
const FILE_TYPES: MediaType[] = ["image", "audio", "video"];
/** How often the list is asked again while a video is pending or being encoded. */
const ENCODING_POLL_MS = 3000;

/**
 * The media library (/media, /media-new and its images, audios, videos and nifty-image views):
 * folders, rename, delete (asked first), the upload dialog, storage used, encoding status.
 */
export default function MediaScreen(_props: ScreenProps) {
  const view: View = useRouteMeta().mediaView ?? "library";
  const base = view === "library" ? "/media" : "/media-new";
  const [search, setSearch] = useSearchParams();
  const folderId = search.get("folder") || undefined;
  const { user } = useSession();
  const media = useQuery(async () => {
    const lists = await Promise.all([...FILE_TYPES, "folder" as const].map((t) => client.media.list(t)));
    return lists.flatMap((l) => l.success);
  }, []);
  const status = useQuery(async () => (await client.account.resourceStatus()).success, []);
  const [naming, setNaming] = useState<{ mode: "folder" } | { mode: "rename"; item: MediaItem } | undefined>();
  const [folderType, setFolderType] = useState<MediaType>(VIEW_TYPE[view] ?? "folder");

  useEffect(() => {
    setOnUploaded(media.reload);
    return () => setOnUploaded(() => {});
  }, [media.reload]);

  // Videos are encoded on the server after their upload: follow their progress until they are done.
  const encoding = media.data?.some((m) => m.encoding_status === ENCODING_STATUS.pending || m.encoding_status === ENCODING_STATUS.inProgress);
  useEffect(() => {
    if (!encoding) return;
    const timer = setInterval(media.reload, ENCODING_POLL_MS);
    return () => clearInterval(timer);
  }, [encoding, media.reload]);

  const usedBytes = useMemo(() => (media.data ?? []).reduce((sum, item) => sum + (item.type === "folder" ? 0 : item.size), 0), [media.data]);
  const limitGB = status.data?.limits?.storageGB ?? -1;
  const onlyType = VIEW_TYPE[view];
  const folder = media.data?.find((m) => m.uniqueID === folderId && m.type === "folder");
  const items = (media.data ?? []).filter(
    (m) =>
      (m.folder_id ?? undefined) === folderId &&
      (onlyType ? m.type === onlyType || (m.type === "folder" && (m.folder_type === onlyType || m.folder_type === "folder")) : true),
  );

  const target = user ? { userId: user.user_uid, folderId, usedBytes, limitGB } : undefined;
  const openUpload = () => uploadView.set({ open: true, minimised: false });
  const onPageDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes("Files") || !target) return;
    event.preventDefault();
    uploaderFor(target).add(event.dataTransfer.files);
    openUpload();
  };

  const remove = async (item: MediaItem) => {
    try {
      await client.media.delete(item.uniqueID);
      media.setData((list) => list?.filter((m) => m.uniqueID !== item.uniqueID));
      toast.success(`${item.name} deleted`);
      if (item.type !== "folder") void refreshSessionData(item.type === "image" ? "images" : item.type === "audio" ? "audios" : "videos");
    } catch (error) {
      toast.error(`${item.name} was not deleted`, { body: (error as Error).message });
    }
  };

  const setFolder = (id: string | undefined) =>
    setSearch((s) => {
      if (id) s.set("folder", id);
      else s.delete("folder");
      return s;
    });

  const title = view === "images" ? "Images" : view === "audios" ? "Audios" : view === "videos" ? "Videos" : view === "niftyImages" ? "Nifty images" : "Media";
  return (
    <div onDragOver={(e) => e.dataTransfer.types.includes("Files") && e.preventDefault()} onDrop={onPageDrop}>
      <PageHeader
        title={title}
        description={
          <>
            Storage used: <strong>{formatSizeGB(usedBytes)} GB</strong>
            {limitGB >= 0 ? ` of ${limitGB} GB` : ""}
          </>
        }
        actions={
          view === "niftyImages" ? undefined : (
            <>
              <Button onClick={() => setNaming({ mode: "folder" })}>New folder</Button>
              <Button variant="primary" onClick={openUpload} disabled={!target}>
                Upload
              </Button>
            </>
          )
        }
      />
      <LinkTabs
        label="Media views"
        current={view === "library" || view === "new" ? base : `/media-new/${view}`}
        items={[
          { id: base, label: "All media" },
          { id: "/media-new/images", label: "Images" },
          { id: "/media-new/audios", label: "Audios" },
          { id: "/media-new/videos", label: "Videos" },
          { id: "/media-new/niftyImages", label: "Nifty images" },
        ]}
      />
      {view === "niftyImages" ? (
        <NiftyImagesList />
      ) : (
        <>
          {folderId && (
            <nav className="breadcrumbs" aria-label="Folder">
              <Button variant="ghost" onClick={() => setFolder(undefined)}>All folders</Button>
              <span aria-hidden="true">/</span>
              <span aria-current="page">{folder?.name ?? "Folder"}</span>
            </nav>
          )}
          <ListState
            query={media}
            label="media"
            isEmpty={() => items.length === 0}
            empty={folderId ? "This folder is empty. Upload files into it." : "No media yet. Upload images, audio or video."}
          >
            {() => <MediaTable items={items} onOpenFolder={setFolder} onRename={(item) => setNaming({ mode: "rename", item })} onDelete={remove} />}
          </ListState>
        </>
      )}
      <NameDialog
        open={naming?.mode === "folder"}
        title="New folder"
        label="Folder name"
        submitLabel="Create folder"
        onClose={() => setNaming(undefined)}
        onSubmit={async (name) => {
          const { success } = await client.media.createFolder({ name, type: folderType });
          media.setData((list) => [...(list ?? []), success]);
          toast.success(`Folder ${name} created`);
        }}
      >
        <Select
          label="For"
          value={folderType}
          onChange={(e) => setFolderType(e.target.value as MediaType)}
          options={[
            { value: "folder", label: "Any media" },
            { value: "image", label: "Images" },
            { value: "audio", label: "Audio" },
            { value: "video", label: "Videos" },
          ]}
        />
      </NameDialog>
      <NameDialog
        open={naming?.mode === "rename"}
        title="Rename"
        label="New name"
        initial={naming?.mode === "rename" ? naming.item.name : ""}
        submitLabel="Rename"
        onClose={() => setNaming(undefined)}
        onSubmit={async (name) => {
          if (naming?.mode !== "rename") return;
          const { success } = await client.media.rename({ uniqueID: naming.item.uniqueID, name });
          media.setData((list) => list?.map((m) => (m.uniqueID === success.uniqueID ? success : m)));
          toast.success("Renamed", { body: `Now called ${success.name}.` });
        }}
      />
      <UploadDialog target={target} />
      <UploadCornerBar />
    </div>
  );
}
