import type { TimelineMaster } from "@cuepoint/sdk";
import { useEffect, useState, type FormEvent } from "react";
import { client } from "../../../api/client.js";
import { formErrorsFrom, type FormErrors } from "../../../lib/formErrors.js";
import { href } from "../../../config/paths.js";
import { Button, Dialog, FormError, TextField, toast } from "../../../ui/index.js";

const editorLink = (timeline: TimelineMaster) => ({ href: `#${href("timelines-id___en-US", { id: timeline.id })}`, label: `Open "${timeline.timelineName}"` });

/** Copies a timeline under a new name. */
export function CopyDialog({ timeline, onClose, onCopied }: { timeline: TimelineMaster | undefined; onClose: () => void; onCopied: () => void }) {
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setName(timeline ? `${timeline.timelineName} (copy)` : "");
    setErrors({ fields: {} });
  }, [timeline]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!timeline) return;
    if (!name.trim()) return setErrors({ fields: { timelineName: "Name the copy." } });
    setBusy(true);
    try {
      const { success } = await client.timelines.copy({ webinarTimeline: timeline.id, timelineName: name.trim() });
      toast.link("Timeline copied", { link: editorLink(success) });
      onCopied();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={Boolean(timeline)} onClose={onClose} title={`Copy "${timeline?.timelineName ?? ""}"`}
      actions={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" type="submit" form="copy-timeline-form" busy={busy}>Copy</Button></>}>
      <form id="copy-timeline-form" className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {errors.form && <FormError>{errors.form}</FormError>}
        <TextField label="Name of the copy" value={name} error={errors.fields.timelineName} onChange={(e) => setName(e.target.value)} />
      </form>
    </Dialog>
  );
}

/** Shares a timeline: a code another account imports. */
export function ShareDialog({ timeline, onClose }: { timeline: TimelineMaster | undefined; onClose: () => void }) {
  const [code, setCode] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setCode(undefined);
    setError(undefined);
    if (!timeline) return;
    let live = true;
    client.timelines.share(timeline.id).then(
      ({ success }) => live && setCode(success.code),
      (failure: unknown) => live && setError((failure as Error).message),
    );
    return () => {
      live = false;
    };
  }, [timeline]);
  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      toast.success("Share code copied");
    } catch {
      toast.info("Select the code and copy it");
    }
  };
  return (
    <Dialog open={Boolean(timeline)} onClose={onClose} title={`Share "${timeline?.timelineName ?? ""}"`}
      actions={<><Button onClick={onClose}>Close</Button><Button variant="primary" onClick={() => void copy()} disabled={!code}>Copy code</Button></>}>
      {error ? (
        <FormError>{error}</FormError>
      ) : code ? (
        <div className="stack">
          <p style={{ margin: 0 }}>Give this code to another Cuepoint account. They import a copy with "Import with a code" on their Timelines screen.</p>
          <output className="share-code" aria-label="Share code">{code}</output>
        </div>
      ) : (
        <p role="status">Creating a share code…</p>
      )}
    </Dialog>
  );
}

/** Imports a shared timeline by its code. */
export function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setCode("");
    setErrors({ fields: {} });
  }, [open]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setErrors({ fields: { code: "Enter the share code." } });
    setBusy(true);
    try {
      const { success } = await client.timelines.getCode(code.trim());
      toast.link("Timeline imported", { link: editorLink(success) });
      onImported();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title="Import a shared timeline"
      actions={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" type="submit" form="import-timeline-form" busy={busy}>Import</Button></>}>
      <form id="import-timeline-form" className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {errors.form && <FormError>{errors.form}</FormError>}
        <TextField label="Share code" value={code} error={errors.fields.code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
      </form>
    </Dialog>
  );
}
