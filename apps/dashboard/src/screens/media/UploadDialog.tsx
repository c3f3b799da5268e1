import { useRef, useState, type DragEvent } from "react";
import { UPLOAD_EXTENSIONS, type UploadQueueItem, type FileStatus } from "@cuepoint/sdk/upload";
import { useLocation } from "wouter";
import { Button } from "../../ui/Button.js";
import { Dialog } from "../../ui/Dialog.js";
import { formatRemaining, formatSpeed } from "./formatUpload.js";
import { currentUploader, uploadView, useUploadState, useUploadView, type UploadTarget } from "./uploadStore.js";
import { uploaderFor } from "./uploadStore.js";

const ACCEPT = UPLOAD_EXTENSIONS.join(",");

function phaseText(item: UploadQueueItem, status: FileStatus | undefined): string {
  if (item.isCancelled) return "Cancelled";
  if (item.isError) return "Failed";
  if (item.isReady) return "Ready";
  if (item.isUploaded) return status?.phase === "processing" ? "Processing…" : "Uploaded";
  if (item.isUploading) return "Uploading";
  return "Waiting";
}

/** One file of the queue: name, progress bar, speed, time left, and Cancel or Remove. */
function QueueRow({ item, status }: { item: UploadQueueItem; status: FileStatus | undefined }) {
  const progress = Math.round(status?.progress ?? 0);
  const running = !item.isUploaded && !item.isError && !item.isCancelled;
  const uploader = currentUploader();
  return (
    <li className="upload-row">
      <div className="upload-row-head">
        <span className="upload-name" title={item.name}>{item.name}</span>
        <span className="muted">{phaseText(item, status)}</span>
      </div>
      <progress max={100} value={progress} aria-label={`${item.name} upload progress`} />
      <div className="upload-row-head">
        <span className="muted">
          {progress}%{item.isUploading ? ` · ${formatSpeed(status?.speed ?? 0)} · ${formatRemaining(status?.remaining ?? 0)}` : ""}
        </span>
        {running ? (
          <Button variant="ghost" onClick={() => uploader?.cancel(item.uuid)} aria-label={`Cancel ${item.name}`}>
            Cancel
          </Button>
        ) : !item.isUploading ? (
          <Button variant="ghost" onClick={() => uploader?.remove(item.uuid)} aria-label={`Remove ${item.name}`}>
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The upload dialog of spec §2: a drag-and-drop area on /media paths, a file picker, the queue
 * with progress, speed and time left, Cancel / Remove, and Minimise to the corner bar.
 */
export function UploadDialog({ target }: { target: UploadTarget | undefined }) {
  const view = useUploadView();
  const state = useUploadState();
  const [path] = useLocation();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const dropArea = path.includes("/media");

  const add = (files: FileList | null | undefined) => {
    if (!files?.length || !target) return;
    uploaderFor(target).add(files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const close = () => uploadView.set({ open: false, minimised: false });
  const minimise = () => uploadView.set({ open: false, minimised: true });

  return (
    <Dialog
      open={view.open}
      onClose={state.allUploaded ? close : minimise}
      title="Upload media"
      actions={
        <>
          <Button onClick={minimise}>Minimise</Button>
          <Button variant="primary" onClick={close} disabled={!state.allUploaded}>
            Done
          </Button>
        </>
      }
    >
      <div className="stack">
        {dropArea ? (
          <div
            className="drop-area"
            data-dragging={dragging || undefined}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p style={{ margin: 0 }}>Drag and drop files here, or</p>
            <Button onClick={() => input.current?.click()}>Choose files</Button>
          </div>
        ) : (
          <div>
            <Button onClick={() => input.current?.click()}>Choose files</Button>
          </div>
        )}
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="visually-hidden"
          aria-label="Files to upload"
          tabIndex={-1}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = "";
          }}
        />
        <p className="muted" style={{ margin: 0, fontSize: "0.875rem" }}>
          Accepted: {UPLOAD_EXTENSIONS.join(" ")}. Other files are skipped.
        </p>
        {state.queue.length > 0 && (
          <ul className="upload-list" aria-label="Upload queue">
            {state.queue.map((item) => (
              <QueueRow key={item.uuid} item={item} status={state.status[item.uuid]} />
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

/** The minimised upload: a corner bar "n of m uploaded" that reopens the dialog. */
export function UploadCornerBar() {
  const view = useUploadView();
  const state = useUploadState();
  if (!view.minimised || state.queue.length === 0) return null;
  const done = state.queue.filter((item) => item.isUploaded).length;
  return (
    <div className="upload-corner" role="status">
      <span>
        {done} of {state.queue.length} uploaded
      </span>
      <Button onClick={() => uploadView.set({ open: true, minimised: false })}>Show uploads</Button>
    </div>
  );
}
