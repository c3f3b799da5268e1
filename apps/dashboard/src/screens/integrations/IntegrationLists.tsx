import { useState, type FormEvent } from "react";
import { actionsFor, apiPathFor, isIntegrationKind, type Integration, type ServiceList } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { Button } from "../../ui/Button.js";
import { FormError, Select, TextField } from "../../ui/Field.js";
import { ListState } from "../../ui/ListState.js";
import { toast } from "../../ui/Toasts.js";

/** `getlists` answers one list or lists by name; both become named groups. */
function groupsOf(answer: ServiceList[] | Record<string, ServiceList[]>): Array<[string, ServiceList[]]> {
  return Array.isArray(answer) ? [["lists", answer]] : Object.entries(answer);
}

const title = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The lists and tags a service holds (POST /{kind}/getlists, refresh on demand) and a form adding
 * a tag to a list (POST /{kind}/addtag; tag names are lower-cased, spec §5).
 */
export function IntegrationLists({ integration }: { integration: Integration }) {
  const kind = isIntegrationKind(integration.type) ? integration.type : undefined;
  const path = kind ? apiPathFor(kind) : integration.type.toLowerCase();
  const [refresh, setRefresh] = useState(0);
  const lists = useQuery(
    async () => groupsOf((await client.integrations.getLists(path, { integrationID: integration.integrationid, ...(refresh > 0 && { refresh: true }) })).success),
    [path, integration.integrationid, refresh],
  );
  const canTag = actionsFor(integration.type).some((a) => a.key === "addTag");
  const listChoices = lists.data?.find(([name]) => name === "lists")?.[1] ?? [];
  const [listID, setListID] = useState("");
  const [tag, setTag] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const addTag = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = listID || listChoices[0]?.id || "";
    if (!tag.trim()) return setError("Enter the tag name.");
    setBusy(true);
    setError(undefined);
    try {
      const { success } = await client.integrations.addTag(path, { integrationID: integration.integrationid, listID: chosen, name: tag.trim() });
      toast.success("Tag added", { body: `"${success.name}" is ready to use.` });
      setTag("");
      setRefresh((n) => n + 1);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="lists-heading">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h2 id="lists-heading" style={{ margin: 0 }}>Lists and tags</h2>
        <Button onClick={() => setRefresh((n) => n + 1)} busy={lists.status === "loading" && lists.data !== undefined}>
          Refresh
        </Button>
      </div>
      <ListState
        query={lists}
        label="lists"
        isEmpty={(groups) => groups.every(([, items]) => items.length === 0)}
        empty="This service has no lists or tags yet."
      >
        {(groups) => (
          <div className="screen-grid" style={{ margin: 0 }}>
            {groups.map(([name, items]) => (
              <div key={name}>
                <h3>{title(name)}</h3>
                {items.length === 0 ? (
                  <p className="muted">None.</p>
                ) : (
                  <ul style={{ margin: 0, paddingLeft: 20 }}>
                    {items.map((item) => (
                      <li key={item.id}>{item.name}</li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </div>
        )}
      </ListState>
      {canTag && (
        <form className="stack" onSubmit={(e) => void addTag(e)} aria-label="Add a tag" noValidate>
          <h3 style={{ margin: 0 }}>Add a tag</h3>
          {error && <FormError>{error}</FormError>}
          {listChoices.length > 0 && (
            <Select
              label="List"
              value={listID || listChoices[0]?.id || ""}
              onChange={(e) => setListID(e.target.value)}
              options={listChoices.map((l) => ({ value: l.id, label: l.name }))}
            />
          )}
          <TextField label="Tag name" value={tag} onChange={(e) => setTag(e.target.value)} hint="Tags are saved in lower case." />
          <div>
            <Button type="submit" busy={busy}>Add tag</Button>
          </div>
        </form>
      )}
    </section>
  );
}
