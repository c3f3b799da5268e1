import { getIntegrationKind, type Integration } from "@cuepoint/sdk";
import { Link } from "wouter";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { Button } from "../../ui/Button.js";
import { ListState } from "../../ui/ListState.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { disconnectIntegration, testIntegration } from "./integrationActions.js";
import "../../ui/screen.css";

/** The connected integrations (/integrations): connected state, test, disconnect, open. */
export default function IntegrationsScreen(_props: ScreenProps) {
  const integrations = useQuery(async () => Object.values((await client.integrations.list()).success), []);
  const replace = (next: Integration) =>
    integrations.setData((list) => list?.map((i) => (i.integrationid === next.integrationid ? next : i)));

  return (
    <>
      <PageHeader
        title="Integrations"
        description="The services your timelines send registrants, messages and events to."
        actions={
          <Link href={href("integrations-add-integration___en-US")} className="btn btn-primary">
            Add an integration
          </Link>
        }
      />
      <ListState
        query={integrations}
        label="integrations"
        isEmpty={(list) => list.length === 0}
        empty={
          <p>
            No integrations yet. <Link href={href("integrations-add-integration___en-US")}>Add your first integration</Link>.
          </p>
        }
      >
        {(list) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Integrations</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Service</th>
                  <th scope="col">State</th>
                  <th scope="col"><span className="visually-hidden">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {list.map((integration) => (
                  <tr key={integration.integrationid}>
                    <td>
                      <Link href={href("integration___en-US", {}, { id: integration.integrationid })}>{integration.name}</Link>
                    </td>
                    <td>{getIntegrationKind(integration.type)?.label ?? integration.type}</td>
                    <td>
                      {integration.connected ? (
                        <span className="badge" data-tone="success">Connected</span>
                      ) : (
                        <span className="badge" data-tone="danger" title={integration.last_error ?? undefined}>Not connected</span>
                      )}
                      {!integration.connected && integration.last_error && (
                        <div className="muted" style={{ fontSize: "0.85rem", marginTop: 4 }}>{integration.last_error}</div>
                      )}
                    </td>
                    <td>
                      <div className="cell-actions">
                        <Button onClick={() => void testIntegration(integration).then(replace)} aria-label={`Test ${integration.name}`}>
                          Test
                        </Button>
                        <Button
                          variant="danger"
                          onClick={() =>
                            void disconnectIntegration(integration).then((gone) => {
                              if (gone) integrations.setData((l) => l?.filter((i) => i.integrationid !== integration.integrationid));
                            })
                          }
                          aria-label={`Disconnect ${integration.name}`}
                        >
                          Disconnect
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </>
  );
}
