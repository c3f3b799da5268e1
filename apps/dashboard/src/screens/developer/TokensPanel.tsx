import type { PersonalAccessToken } from "@cuepoint/sdk";
import { Link } from "wouter";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { Button } from "../../ui/Button.js";
import { confirmAction } from "../../ui/Dialog.js";
import { ListState } from "../../ui/ListState.js";
import { toast } from "../../ui/Toasts.js";

const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "never";

/** "never" (said as a warning), "expired", or the date. */
const expiryOf = (iso: string | null | undefined) =>
  !iso ? "never (no expiration)" : Date.parse(iso) <= Date.now() ? `expired ${when(iso)}` : when(iso);

/** The personal access tokens: list (with last use and expiry), revoke (asked first), and a link to create one. */
export function TokensPanel() {
  const tokens = useQuery(() => client.tokens.list(), []);
  const revoke = async (token: PersonalAccessToken) => {
    const ok = await confirmAction({
      title: `Revoke the token "${token.name}"?`,
      body: "Anything using it stops working at once. This cannot be undone.",
      confirmLabel: "Revoke",
    });
    if (!ok) return;
    try {
      await client.tokens.delete(token.id);
      tokens.setData((list) => list?.filter((t) => t.id !== token.id));
      toast.success("Token revoked", { body: `"${token.name}" no longer works.` });
    } catch (error) {
      toast.error("The token was not revoked", { body: (error as Error).message });
    }
  };
  return (
    <div className="stack">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <p style={{ margin: 0 }}>Tokens let scripts and other apps call the API as you, limited to the scopes you pick.</p>
        <Link href="/developer/tokens/new" className="btn btn-primary">New token</Link>
      </div>
      <ListState query={tokens} label="tokens" isEmpty={(list) => list.length === 0} empty="No tokens yet.">
        {(list) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Personal access tokens</caption>
              <thead>
                <tr><th scope="col">Name</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
              </thead>
              <tbody>
                {list.map((token) => (
                  <tr key={token.id}>
                    <td>{token.name}</td>
                    <td>{token.scopes.length ? token.scopes.join(", ") : "none"}</td>
                    <td>{when(token.created_at)}</td>
                    <td>{when(token.last_used_at)}</td>
                    <td>{expiryOf(token.expires_at)}</td>
                    <td>
                      <Button variant="danger" onClick={() => void revoke(token)} aria-label={`Revoke ${token.name}`}>Revoke</Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </div>
  );
}
