import { WEBINAR_PAGE_SIZE, webinarPageCount } from "@cuepoint/sdk";
import { Link, useSearchParams } from "wouter";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { href } from "../../config/paths.js";
import { ListState } from "../../ui/ListState.js";
import { Pagination } from "../../ui/Pagination.js";
import { formatWhen } from "../../lib/format.js";

export interface WebinarListProps {
  type: "upcoming" | "past";
  title: string;
}

/**
 * One paged list of webinars (12 a page, spec §9); the page lives in the hash query under the
 * list's type (`#/?upcoming=2`).
 */
export function WebinarList({ type, title }: WebinarListProps) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get(type)) || 1);
  const webinars = useQuery(() => client.webinars.list({ page, type }), [page, type]);
  const headingId = `${type}-heading`;
  const setPage = (next: number) =>
    setSearch((s) => {
      s.set(type, String(next));
      return s;
    });
  return (
    <section className="screen-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ListState
        query={webinars}
        label={`${type} webinars`}
        isEmpty={(w) => w.success.length === 0}
        empty={type === "upcoming" ? "No upcoming webinars. Schedule one to see it here." : "No past webinars yet."}
      >
        {({ success: list, total }) => (
          <>
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">Webinar</th>
                    <th scope="col" className="hide-narrow">Timeline</th>
                    <th scope="col">Starts</th>
                    <th scope="col">Registrants</th>
                    <th scope="col" className="hide-narrow">Visible</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((w) => (
                    <tr key={w.webinarID}>
                      <td>
                        <Link href={href("webinar-id___en-US", { id: w.webinarID })}>{w.name}</Link>
                        {w.isRecurring && <span className="badge" style={{ marginLeft: 6 }}>Recurring</span>}
                      </td>
                      <td className="hide-narrow">{w.timelineName ?? "—"}</td>
                      <td>{formatWhen(w.startTime, w.timeZone)}</td>
                      <td>{w.registrants}</td>
                      <td className="hide-narrow">{w.visible ? "Yes" : "Hidden"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={page}
              pageCount={webinarPageCount(total ?? list.length)}
              onPage={setPage}
              label={`${title} pages`}
            />
            {total !== undefined && total > WEBINAR_PAGE_SIZE && (
              <p className="muted" style={{ textAlign: "center", margin: "4px 0 0" }}>{total} webinars</p>
            )}
          </>
        )}
      </ListState>
    </section>
  );
}
