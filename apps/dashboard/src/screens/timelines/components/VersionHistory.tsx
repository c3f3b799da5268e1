import type { TimelineRevision } from "@cuepoint/sdk";
import { client } from "../../../api/client.js";
import { useQuery } from "../../../api/useQuery.js";
import { refreshSessionData } from "../../../session/dataStore.js";
import { Button, confirmAction, ListState, toast } from "../../../ui/index.js";

const REASONS: Record<string, string> = {
  created: "Created",
  create: "Created",
  setting: "Settings saved",
  blocks: "Actions saved",
  autocsv: "Auto-chat CSV imported",
  copy: "Copied",
  import: "Imported from a share code",
  restore: "Restored an earlier version",
};

/** What a revision's reason means, as a person reads it ("item:general.visible" → "Changed general.visible"). */
export function reasonLabel(reason: string): string {
  if (reason.startsWith("item:")) return `Changed ${reason.slice(5)}`;
  if (reason.startsWith("copysetting:")) return `Copied the ${reason.slice(12)} settings`;
  return REASONS[reason] ?? reason;
}

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Version History: every saved version, newest first; restoring one (asked first) saves it as a new version. */
export function VersionHistory({ id, onRestored }: { id: string; onRestored: () => void }) {
  const revisions = useQuery(async () => (await client.timelines.revisions(id)).success, [id]);
  const restore = async (revision: TimelineRevision) => {
    const ok = await confirmAction({
      title: `Restore the version of ${when(revision.created_at)}?`,
      body: `The timeline's settings and its ${revision.actions} ${revision.actions === 1 ? "action" : "actions"} go back to this version. The current version stays in the history, so you can undo this.`,
      confirmLabel: "Restore",
      danger: false,
    });
    if (!ok) return;
    try {
      await client.timelines.restoreRevision(id, revision.id);
      toast.success("Version restored", { body: `"${revision.timelineName}" is back as it was on ${when(revision.created_at)}.` });
      revisions.reload();
      void refreshSessionData("masters");
      onRestored();
    } catch (error) {
      toast.error("The version was not restored", { body: (error as Error).message });
    }
  };
  return (
    <section className="stack" aria-labelledby="history-heading">
      <h2 id="history-heading" style={{ margin: 0 }}>Version History</h2>
      <ListState query={revisions} label="versions" isEmpty={(list) => list.length === 0} empty="No saved versions yet.">
        {(list) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Saved versions, newest first</caption>
              <thead><tr><th scope="col">Saved</th><th scope="col">Change</th><th scope="col">By</th><th scope="col">Actions</th><th scope="col"><span className="visually-hidden">Restore</span></th></tr></thead>
              <tbody>
                {list.map((revision, index) => (
                  <tr key={revision.id}>
                    <td>{when(revision.created_at)}</td>
                    <td>{reasonLabel(revision.reason)}{revision.isPast ? " (past event)" : ""}</td>
                    <td>{revision.user ?? "A removed user"}</td>
                    <td>{revision.actions}</td>
                    <td>
                      {index === 0 ? (
                        <span className="muted">Current</span>
                      ) : (
                        <Button onClick={() => void restore(revision)} aria-label={`Restore the version of ${when(revision.created_at)}`}>Restore</Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </section>
  );
}
