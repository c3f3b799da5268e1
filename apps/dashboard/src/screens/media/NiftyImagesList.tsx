import { Link } from "wouter";
import { refreshSessionData, useSessionData } from "../../session/dataStore.js";
import { ListState } from "../../ui/ListState.js";

interface NiftyEntry {
  id?: string | number;
  name?: string;
  url?: string;
}

/** The image-service (NiftyImages) images loaded after login. */
export function NiftyImagesList() {
  const set = useSessionData("niftyImages");
  const query = {
    status: set.status === "error" ? ("error" as const) : ("ready" as const),
    data: set.status === "idle" || set.status === "loading" ? undefined : ((set.data ?? []) as NiftyEntry[]),
    error: set.error,
    reload: () => void refreshSessionData("niftyImages"),
  };
  return (
    <ListState
      query={query}
      label="nifty images"
      isEmpty={(list) => list.length === 0}
      empty={
        <p>
          No personalised images. Connect NiftyImages on the <Link href="/integrations/add-integration">integrations</Link> screen to use them.
        </p>
      }
    >
      {(list) => (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Nifty images</caption>
            <thead>
              <tr><th scope="col">Name</th><th scope="col">Address</th></tr>
            </thead>
            <tbody>
              {list.map((img, i) => (
                <tr key={String(img.id ?? img.url ?? i)}>
                  <td>{img.name ?? "—"}</td>
                  <td style={{ wordBreak: "break-all" }}>{img.url ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListState>
  );
}
