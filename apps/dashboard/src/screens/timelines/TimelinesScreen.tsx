import type { TimelineMaster } from "@cuepoint/sdk";
import { useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { Button, confirmAction, ListState, Menu, MenuItem, PageHeader, Tabs, tabPanelProps, toast } from "../../ui/index.js";
import { CopyDialog, ImportDialog, ShareDialog } from "./components/ListDialogs.js";
import "./components/timelines.css";

type Filter = "active" | "trash";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Timelines: active and trash, with open, copy, share, delete (checked for use first) and restore. */
export default function TimelinesScreen(_props: ScreenProps) {
  const [search, setSearch] = useSearchParams();
  const filter: Filter = search.get("filter") === "trash" ? "trash" : "active";
  const [, navigate] = useLocation();
  const timelines = useQuery(async () => (await client.timelines.listMasters(filter === "trash" ? { filter: "trash" } : {})).success, [filter]);
  const [copying, setCopying] = useState<TimelineMaster>();
  const [sharing, setSharing] = useState<TimelineMaster>();
  const [importing, setImporting] = useState(false);

  const changed = () => {
    timelines.reload();
    void refreshSessionData("masters");
  };

  const remove = async (timeline: TimelineMaster) => {
    let used: boolean;
    try {
      used = (await client.timelines.checkIfUsed(timeline.id)).success;
    } catch (error) {
      toast.error("Could not check the timeline", { body: (error as Error).message });
      return;
    }
    const ok = await confirmAction({
      title: `Delete the timeline "${timeline.timelineName}"?`,
      body: used
        ? "This timeline has scheduled events. Deleting it moves it to the trash and its actions stop running for those events. You can restore it from the trash."
        : "It moves to the trash. You can restore it from there.",
      confirmLabel: "Delete",
    });
    if (!ok) return;
    try {
      const response = await client.timelines.delete(timeline.id);
      if (!response.ok) throw new Error(response._data?.message ?? `The server answered ${response.status}.`);
      timelines.setData((list) => list?.filter((t) => t.id !== timeline.id));
      toast.success("Timeline moved to the trash", { body: `"${timeline.timelineName}" can be restored from the Trash tab.` });
      changed();
    } catch (error) {
      toast.error("The timeline was not deleted", { body: (error as Error).message });
    }
  };

  const restore = async (timeline: TimelineMaster) => {
    try {
      await client.timelines.restore(timeline.id);
      timelines.setData((list) => list?.filter((t) => t.id !== timeline.id));
      toast.link("Timeline restored", { link: { href: `#${href("timelines-id___en-US", { id: timeline.id })}`, label: `Open "${timeline.timelineName}"` } });
      changed();
    } catch (error) {
      toast.error("The timeline was not restored", { body: (error as Error).message });
    }
  };

  return (
    <>
      <PageHeader
        title="Timelines"
        description="Each timeline is an event's settings and the actions that run around it."
        actions={
          <>
            <Button onClick={() => setImporting(true)}>Import with a code</Button>
            <Link href={href("timelines-wizard___en-US")} className="btn btn-primary">New timeline</Link>
          </>
        }
      />
      <Tabs label="Timelines" selected={filter} onSelect={(id) => setSearch(id === "trash" ? { filter: "trash" } : {})} items={[{ id: "active", label: "Active" }, { id: "trash", label: "Trash" }]} />
      <div {...tabPanelProps(filter)}>
        <ListState
          query={timelines}
          label={filter === "trash" ? "trashed timelines" : "timelines"}
          isEmpty={(list) => list.length === 0}
          empty={filter === "trash" ? "The trash is empty." : <>No timelines yet. <Link href={href("timelines-wizard___en-US")}>Create your first timeline</Link>.</>}
        >
          {(list) => (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">{filter === "trash" ? "Timelines in the trash" : "Active timelines"}</caption>
                <thead><tr><th scope="col">Name</th><th scope="col">Platform</th><th scope="col">Updated</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
                <tbody>
                  {list.map((timeline) => (
                    <tr key={timeline.id}>
                      <td>
                        <Link href={href("timelines-id___en-US", { id: timeline.id })}>{timeline.timelineName}</Link>
                        {timeline.shared && <span className="muted"> · shared</span>}
                      </td>
                      <td>{timeline.setting.general.deliveryPlatform === "default" ? "Not chosen" : timeline.setting.general.deliveryPlatform}</td>
                      <td>{when(timeline.updated_at)}</td>
                      <td>
                        {filter === "trash" ? (
                          <Button onClick={() => void restore(timeline)} aria-label={`Restore ${timeline.timelineName}`}>Restore</Button>
                        ) : (
                          <Menu label={`Actions for ${timeline.timelineName}`} trigger={<Button>Actions</Button>}>
                            <MenuItem onSelect={() => navigate(href("timelines-id___en-US", { id: timeline.id }))}>Open</MenuItem>
                            <MenuItem onSelect={() => setCopying(timeline)}>Copy</MenuItem>
                            <MenuItem onSelect={() => setSharing(timeline)}>Share</MenuItem>
                            <MenuItem onSelect={() => void remove(timeline)}>Delete</MenuItem>
                          </Menu>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListState>
      </div>
      <CopyDialog timeline={copying} onClose={() => setCopying(undefined)} onCopied={() => { setCopying(undefined); changed(); }} />
      <ShareDialog timeline={sharing} onClose={() => setSharing(undefined)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => { setImporting(false); changed(); }} />
    </>
  );
}
