import { useEffect, useState, type FormEvent } from "react";
import { hasFeature, leadsPageCount, type Lead } from "@cuepoint/sdk";
import { useSearchParams } from "wouter";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { useSessionData } from "../../session/dataStore.js";
import { useSession } from "../../session/session.js";
import { Button } from "../../ui/Button.js";
import { confirmAction } from "../../ui/Dialog.js";
import { ListState } from "../../ui/ListState.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { Pagination } from "../../ui/Pagination.js";
import { toast } from "../../ui/Toasts.js";
import { formatWhen, saveTextFile } from "../../lib/format.js";
import { LeadAnswersDialog } from "../../features/registration-fields/LeadAnswersDialog.js";
import { leadsToCsv } from "./leadsCsv.js";
import { UploadLeadsDialog } from "./UploadLeadsDialog.js";
import "../../ui/screen.css";

/**
 * Leads (/leads): 20 a page, all / banned / a search (all in the hash query: `#/leads?filter=banned&page=2`),
 * ban or lift a ban, delete (asked first), CSV upload with the registrantUpload feature, CSV export.
 */
export default function LeadsScreen(_props: ScreenProps) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get("page")) || 1);
  const filter = search.get("filter") || "all";
  const searching = filter !== "all" && filter !== "banned";
  // Which webinar (timeline) the leads registered for; empty: every webinar.
  const webinar = search.get("webinar") ?? "";
  const masters = useSessionData("masters").data ?? [];
  const scope = webinar ? { webinarTimeline: webinar } : {};
  const [term, setTerm] = useState(searching ? filter : "");
  const [uploading, setUploading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [shown, setShown] = useState<Lead>();
  const { user } = useSession();
  const leads = useQuery(() => client.leads.list({ page, filter, ...scope }), [page, filter, webinar]);

  useEffect(() => setTerm(searching ? filter : ""), [filter, searching]);

  const go = (next: { filter?: string; page?: number; webinar?: string }) =>
    setSearch((s) => {
      if (next.filter !== undefined) s.set("filter", next.filter);
      if (next.webinar === "") s.delete("webinar");
      else if (next.webinar !== undefined) s.set("webinar", next.webinar);
      s.set("page", String(next.page ?? 1));
      return s;
    });

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ filter: term.trim() || "all" });
  };

  const ban = async (lead: Lead) => {
    const banned = !lead.banned;
    const who = lead.name || lead.email || "this lead";
    if (banned && !(await confirmAction({ title: `Ban ${who}?`, body: "A banned address cannot register for your webinars.", confirmLabel: "Ban" }))) return;
    try {
      await client.leads.ban({ uuid: lead.uuid, banned });
      leads.setData((d) => d && { ...d, success: d.success.map((l) => (l.uuid === lead.uuid ? { ...l, banned } : l)) });
      toast.success(banned ? `${who} is banned` : `${who} is no longer banned`);
      if (filter === "banned") leads.reload();
    } catch (error) {
      toast.error(banned ? "The lead was not banned" : "The ban was not lifted", { body: (error as Error).message });
    }
  };

  const remove = async (lead: Lead) => {
    const who = lead.name || lead.email || "this lead";
    if (!(await confirmAction({ title: `Delete ${who}?`, body: "The lead and its registration are removed. This cannot be undone." }))) return;
    try {
      await client.leads.delete(lead.uuid);
      toast.success(`${who} deleted`);
      leads.reload();
    } catch (error) {
      toast.error("The lead was not deleted", { body: (error as Error).message });
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all: Lead[] = [];
      for (let p = 1; ; p++) {
        const { success, total } = await client.leads.list({ page: p, filter, ...scope });
        all.push(...success);
        if (success.length === 0 || all.length >= (total ?? 0)) break;
      }
      saveTextFile(`leads-${filter === "all" ? "all" : filter.replace(/[^\w-]+/g, "-")}.csv`, leadsToCsv(all));
      toast.success("Export ready", { body: `${all.length} leads saved as CSV.` });
    } catch (error) {
      toast.error("The export failed", { body: (error as Error).message });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Leads"
        description="Everyone who registered for your webinars."
        actions={
          <>
            {hasFeature(user, "registrantUpload") && <Button onClick={() => setUploading(true)}>Upload CSV</Button>}
            <Button onClick={() => void exportCsv()} busy={exporting}>Export CSV</Button>
          </>
        }
      />
      <div className="row" style={{ justifyContent: "space-between", marginBottom: 16 }}>
        <div className="row" role="group" aria-label="Show">
          <Button aria-pressed={filter === "all"} variant={filter === "all" ? "primary" : "default"} onClick={() => go({ filter: "all" })}>
            All
          </Button>
          <Button aria-pressed={filter === "banned"} variant={filter === "banned" ? "primary" : "default"} onClick={() => go({ filter: "banned" })}>
            Banned
          </Button>
        </div>
        <div className="row" style={{ flex: "1 1 200px", maxWidth: 360 }}>
          <label htmlFor="leads-webinar" className="visually-hidden">Webinar</label>
          <select id="leads-webinar" className="search-input" style={{ width: "100%" }} value={webinar} onChange={(e) => go({ webinar: e.target.value })}>
            <option value="">All webinars</option>
            {masters.map((master) => (
              <option key={master.id} value={String(master.id)}>{master.timelineName}</option>
            ))}
          </select>
        </div>
        <form role="search" className="row" onSubmit={submitSearch}>
          <label htmlFor="leads-search" className="visually-hidden">Search leads</label>
          <input
            id="leads-search"
            type="search"
            className="search-input"
            placeholder="Search name or email"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
      </div>
      <ListState
        query={leads}
        label="leads"
        isEmpty={(d) => d.success.length === 0}
        empty={searching ? `No leads match "${filter}".` : filter === "banned" ? "No banned leads." : webinar ? "No leads registered for this webinar." : "No leads yet."}
      >
        {({ success: list, total }) => (
          <>
            <p className="muted" style={{ margin: "0 0 8px" }} aria-live="polite">
              {total ?? list.length} {searching ? "matching " : filter === "banned" ? "banned " : ""}leads
            </p>
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">Leads</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Webinar</th>
                    <th scope="col" className="hide-narrow">Phone</th>
                    <th scope="col" className="hide-narrow">Registered</th>
                    <th scope="col">Status</th>
                    <th scope="col"><span className="visually-hidden">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((lead) => (
                    <tr key={lead.uuid}>
                      <td>{lead.name || "—"}</td>
                      <td>{lead.email || "—"}</td>
                      <td>
                        {lead.webinar ? (
                          <>
                            {lead.webinar.name}
                            {lead.webinar.start && <div className="muted">{formatWhen(lead.webinar.start, lead.webinar.timeZone)}</div>}
                          </>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td className="hide-narrow">{lead.phone || "—"}</td>
                      <td className="hide-narrow">{formatWhen(lead.created_at)}</td>
                      <td>{lead.banned ? <span className="badge" data-tone="danger">Banned</span> : <span className="badge">Active</span>}</td>
                      <td>
                        <div className="cell-actions">
                          <Button onClick={() => setShown(lead)} aria-label={`Answers of ${lead.name || lead.email || lead.uuid}`}>Answers</Button>
                          <Button onClick={() => void ban(lead)} aria-label={`${lead.banned ? "Unban" : "Ban"} ${lead.name || lead.email || lead.uuid}`}>
                            {lead.banned ? "Unban" : "Ban"}
                          </Button>
                          <Button variant="danger" onClick={() => void remove(lead)} aria-label={`Delete ${lead.name || lead.email || lead.uuid}`}>
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={page} pageCount={Math.max(leadsPageCount(total ?? list.length), page)} onPage={(p) => go({ page: p })} label="Leads pages" />
          </>
        )}
      </ListState>
      <LeadAnswersDialog lead={shown} onClose={() => setShown(undefined)} />
      <UploadLeadsDialog open={uploading} onClose={() => setUploading(false)} onUploaded={leads.reload} />
    </>
  );
}
