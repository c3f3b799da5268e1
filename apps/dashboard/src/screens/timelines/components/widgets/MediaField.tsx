import type { MediaItem } from "@cuepoint/sdk";
import { createUploader } from "@cuepoint/sdk/upload";
import { useId, useState, type HTMLAttributes, type ReactNode, type SyntheticEvent } from "react";
import { createPortal } from "react-dom";
import { apiURL, client } from "../../../../api/client.js";
import { refreshSessionData } from "../../../../session/dataStore.js";
import { useSession } from "../../../../session/session.js";
import { Button, Dialog } from "../../../../ui/index.js";
import { MediaPickerWidget } from "./lazyWidgets.js";

export type MediaKind = "image" | "audio" | "video";

const NOUN: Record<MediaKind, string> = { image: "image", audio: "audio file", video: "video" };
const SESSION_SET = { image: "images", audio: "audios", video: "videos" } as const;

export interface MediaFieldProps {
  label: ReactNode;
  /** The chosen file's uniqueID ("" for none). */
  value: string;
  onChange: (uniqueID: string) => void;
  kind: MediaKind;
  /** The account's files of this kind, to show the chosen file's name. */
  known?: readonly MediaItem[] | undefined;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * A media file setting: the chosen file's name and a "Choose from media" button opening the
 * `MediaPicker` widget in a dialog (browse by type and folder, search, upload with progress).
 *
 * @example
 * <MediaField label="Audio file" kind="audio" value={id} known={audios} onChange={setId} />
 */
export function MediaField({ label, value, onChange, kind, known = [], error, hint }: MediaFieldProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<MediaItem>();
  const [wrongType, setWrongType] = useState<string>();
  const user = useSession().user;
  const chosen = picked?.uniqueID === value ? picked : known.find((item) => String(item.uniqueID) === value);
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  const uploader = user
    ? ({ folderId }: { folderId?: string }) =>
        createUploader({
          endpoint: `${apiURL}/upload/chunk`,
          userId: user.user_uid,
          ...(folderId && { folderId }),
          mediaStatusURL: (mediaId) => `${apiURL}/media/${encodeURIComponent(String(mediaId))}/status`,
        })
    : undefined;

  const pick = ([item]: MediaItem[]) => {
    if (!item) return;
    if (item.type !== kind) return setWrongType(`"${item.name}" is not ${articled(NOUN[kind])}: pick ${articled(NOUN[kind])} for this field.`);
    setWrongType(undefined);
    setPicked(item);
    onChange(String(item.uniqueID));
    setOpen(false);
    void refreshSessionData(SESSION_SET[kind]);
  };

  return (
    <>
      <div className="field" role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy}>
        <span id={`${id}-label`} className="field-label">{label}</span>
        <div className="media-field-row">
          <span className="media-field-value" aria-invalid={error ? true : undefined}>
            {chosen ? chosen.name : value ? `Media ${value}` : <span className="muted">No {NOUN[kind]} chosen</span>}
          </span>
          <Button onClick={() => setOpen(true)}>Choose from media</Button>
          {value && <Button variant="ghost" onClick={() => { setPicked(undefined); onChange(""); }}>Clear</Button>}
        </div>
        {hint && <div id={`${id}-hint`} className="field-hint">{hint}</div>}
        {error && <span id={`${id}-error`} className="field-error">{error}</span>}
      </div>
      {open &&
        // In a portal: out of any surrounding <form> (the action form), so Enter in the search box submits nothing.
        createPortal(
          <div {...STOP_CANCEL}>
            <Dialog open onClose={() => { setOpen(false); setWrongType(undefined); }} title={`Choose ${articled(NOUN[kind])}`}
              actions={<Button onClick={() => { setOpen(false); setWrongType(undefined); }}>Cancel</Button>}>
              {wrongType && <p className="field-error" role="alert">{wrongType}</p>}
              <div className="media-picker-dialog">
                <MediaPickerWidget client={client} type={kind} onPick={pick} {...(uploader && { uploader })} />
              </div>
            </Dialog>
          </div>,
          document.body,
        )}
    </>
  );
}

/**
 * React bubbles a dialog's `cancel` (Escape) up its component tree: opened from another dialog (the
 * action form), the picker's Escape must close the picker only. (`onCancel` is typed for dialogs.)
 */
const STOP_CANCEL = { onCancel: (event: SyntheticEvent) => event.stopPropagation() } as HTMLAttributes<HTMLDivElement>;

const articled = (noun: string) => `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;
