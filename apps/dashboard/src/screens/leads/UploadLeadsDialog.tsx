import { useState, type FormEvent } from "react";
import { client } from "../../api/client.js";
import { useSessionData } from "../../session/dataStore.js";
import { Button } from "../../ui/Button.js";
import { Dialog } from "../../ui/Dialog.js";
import { FormError, Select } from "../../ui/Field.js";
import { toast } from "../../ui/Toasts.js";

/** Imports registrants from a CSV file into a timeline (POST registrants, multipart). */
export function UploadLeadsDialog({ open, onClose, onUploaded }: { open: boolean; onClose: () => void; onUploaded: () => void }) {
  const masters = (useSessionData("masters").data ?? []).filter((m) => m.status !== "trash");
  const [timeline, setTimeline] = useState("");
  const [file, setFile] = useState<File | undefined>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const chosen = timeline || masters[0]?.id || "";

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!chosen) return setError("Choose a timeline.");
    if (!file) return setError("Choose a CSV file.");
    setBusy(true);
    setError(undefined);
    try {
      const result = await client.leads.upload({ webinarTimeline: chosen, csv: file });
      toast.success("Leads imported", { body: typeof result.message === "string" ? result.message : `${file.name} was imported.` });
      setFile(undefined);
      onUploaded();
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upload leads from CSV"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" busy={busy} onClick={() => void submit()}>
            Upload
          </Button>
        </>
      }
    >
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <p className="muted" style={{ margin: 0 }}>The first row names the columns: name, email and phone, then any custom fields.</p>
        {error && <FormError>{error}</FormError>}
        <Select
          label="Timeline"
          value={chosen}
          onChange={(e) => setTimeline(e.target.value)}
          options={masters.map((m) => ({ value: m.id, label: m.timelineName }))}
        />
        <div className="field">
          <label htmlFor="leads-csv">CSV file</label>
          <input id="leads-csv" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0])} />
        </div>
      </form>
    </Dialog>
  );
}
