import { ENCODING_STATUS, formatSizeGB, type MediaItem } from "@cuepoint/sdk";
import { Button } from "../../ui/Button.js";
import { confirmAction } from "../../ui/Dialog.js";
import { formatWhen } from "../../lib/format.js";

const ENCODING_TEXT: Record<number, { text: string; tone?: "success" | "danger" }> = {
  [ENCODING_STATUS.encoded]: { text: "Encoded", tone: "success" },
  [ENCODING_STATUS.inProgress]: { text: "Encoding" },
  [ENCODING_STATUS.pending]: { text: "Pending" },
  [ENCODING_STATUS.failed]: { text: "Failed", tone: "danger" },
};

const TYPE_LABEL: Record<MediaItem["type"], string> = { image: "Image", audio: "Audio", video: "Video", folder: "Folder" };

export interface MediaTableProps {
  items: MediaItem[];
  onOpenFolder: (id: string) => void;
  onRename: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => Promise<void>;
}

/**
 * Folders first, then files: type, size in GB (two decimals), length, encoding status ("Encoding
 * 42%" while the server encodes, the server's reason under "Failed"), actions.
 */
export function MediaTable({ items, onOpenFolder, onRename, onDelete }: MediaTableProps) {
  const sorted = [...items].sort((a, b) => Number(b.type === "folder") - Number(a.type === "folder") || a.name.localeCompare(b.name));
  const askDelete = async (item: MediaItem) => {
    const ok = await confirmAction({
      title: `Delete ${item.name}?`,
      body: item.type === "folder" ? "The folder is removed. This cannot be undone." : "Timelines using this media will no longer find it. This cannot be undone.",
      confirmLabel: "Delete",
    });
    if (ok) await onDelete(item);
  };
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Media</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Size (GB)</th>
            <th scope="col">Length</th>
            <th scope="col">Encoding</th>
            <th scope="col">Added</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((item) => {
            const encoding = item.type === "video" && item.encoding_status !== undefined ? ENCODING_TEXT[item.encoding_status] : undefined;
            return (
              <tr key={item.uniqueID}>
                <td>
                  <span className="media-name">
                    {item.type === "folder" ? (
                      <button type="button" className="link" onClick={() => onOpenFolder(item.uniqueID)}>
                        {item.name}
                      </button>
                    ) : (
                      item.name
                    )}
                  </span>
                </td>
                <td>{TYPE_LABEL[item.type]}</td>
                <td>{item.type === "folder" ? "—" : formatSizeGB(item.size)}</td>
                <td>{item.video_length ?? "—"}</td>
                <td>
                  {encoding ? (
                    <>
                      <span className="badge" data-tone={encoding.tone}>
                        {encoding.text}
                        {item.encoding_status === ENCODING_STATUS.inProgress && item.encoding_progress !== undefined ? ` ${item.encoding_progress}%` : ""}
                      </span>
                      {item.encoding_error && <span className="media-note">{item.encoding_error}</span>}
                    </>
                  ) : (
                    "—"
                  )}
                </td>
                <td>{formatWhen(item.created_at)}</td>
                <td>
                  <div className="cell-actions">
                    <Button onClick={() => onRename(item)} aria-label={`Rename ${item.name}`}>Rename</Button>
                    <Button variant="danger" onClick={() => void askDelete(item)} aria-label={`Delete ${item.name}`}>Delete</Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
