import { useState } from "react";
import { getIntegrationKind, hasServiceLists, type Integration } from "@cuepoint/sdk";
import { Link, useLocation, useSearchParams } from "wouter";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { openUrl } from "../../lib/externalNavigation.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { Button } from "../../ui/Button.js";
import { ListState } from "../../ui/ListState.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { toast } from "../../ui/Toasts.js";
import { NameDialog } from "../../ui/NameDialog.js";
import { formatWhen } from "../../lib/format.js";
import { CredentialsEditor, hasEditableCredentials } from "./CredentialsEditor.js";
import { disconnectIntegration, testIntegration } from "./integrationActions.js";
import { IntegrationLists } from "./IntegrationLists.js";
import { SigningSecret, signsDeliveries } from "./SigningSecret.js";
import "../../ui/screen.css";

/** One integration (/integration?id=…): state, test, rename, reconnect, disconnect, its credentials, its signing secret, lists and tags. */
export default function IntegrationScreen(_props: ScreenProps) {
  const [search] = useSearchParams();
  const id = search.get("id") ?? "";
  const integration = useQuery(async () => {
    const { success: all } = await client.integrations.list();
    const found = all[id] ?? Object.values(all).find((i) => i.integrationid === id);
    if (!found) throw new Error(`There is no integration ${id || "without an id"}.`);
    return found;
  }, [id]);
  return (
    <>
      <PageHeader title={integration.data?.name ?? "Integration"} description={integration.data ? getIntegrationKind(integration.data.type)?.label : undefined} />
      <ListState query={integration} label="integration" empty="">
        {(i) => <Details integration={i} onChange={(next) => integration.setData(() => next)} />}
      </ListState>
      <p>
        <Link href={href("integrations___en-US")}>Back to integrations</Link>
      </p>
    </>
  );
}

function Details({ integration, onChange }: { integration: Integration; onChange: (i: Integration) => void }) {
  const [, navigate] = useLocation();
  const [testing, setTesting] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const entry = getIntegrationKind(integration.type);
  // Only services whose lists the server reads (the catalogue's `lists`): no call the server refuses.
  const hasLists = hasServiceLists(integration.type);

  const test = async () => {
    setTesting(true);
    onChange(await testIntegration(integration));
    setTesting(false);
  };
  const reconnect = async () => {
    try {
      const { success } = await client.integrations.authorizeURL(integration.type.toLowerCase(), { integrationID: integration.integrationid });
      openUrl(success.url, { external: true });
    } catch (error) {
      toast.error("Could not start the sign-in", { body: (error as Error).message });
    }
  };

  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="state-heading">
        <h2 id="state-heading" style={{ margin: 0 }}>Connection</h2>
        <p style={{ margin: 0 }}>
          {integration.connected ? (
            <span className="badge" data-tone="success">Connected</span>
          ) : (
            <span className="badge" data-tone="danger">Not connected</span>
          )}
        </p>
        {integration.last_error && <p style={{ margin: 0 }}>Last error: {integration.last_error}</p>}
        <p className="muted" style={{ margin: 0 }}>
          Added {formatWhen(integration.created_at)}
          {integration.updated_at ? ` · changed ${formatWhen(integration.updated_at)}` : ""}
        </p>
        <div className="row">
          <Button variant="primary" onClick={() => void test()} busy={testing}>Test</Button>
          <Button onClick={() => setRenaming(true)}>Rename</Button>
          {entry?.auth === "oauth" && <Button onClick={() => void reconnect()}>Reconnect</Button>}
          <Button
            variant="danger"
            onClick={() =>
              void disconnectIntegration(integration).then((gone) => gone && navigate(href("integrations___en-US")))
            }
          >
            Disconnect
          </Button>
        </div>
      </section>
      {hasEditableCredentials(integration) && <CredentialsEditor integration={integration} onChange={onChange} />}
      {signsDeliveries(integration.type) && <SigningSecret integration={integration} onChange={onChange} />}
      {hasLists && <IntegrationLists integration={integration} />}
      <NameDialog
        open={renaming}
        title="Rename the integration"
        label="Name"
        initial={integration.name}
        submitLabel="Rename"
        onClose={() => setRenaming(false)}
        onSubmit={async (name) => {
          const { success } = await client.integrations.update(integration.integrationid, { name });
          onChange(success);
          void refreshSessionData("integrations");
          toast.success("Integration renamed");
        }}
      />
    </div>
  );
}
