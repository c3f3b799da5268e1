import { getIntegrationKind } from "@cuepoint/sdk";
import { Link } from "wouter";
import { useSessionData } from "../../../../session/dataStore.js";
import { Checkbox } from "../../../../ui/index.js";
import type { SectionProps } from "./sectionProps.js";
import { SettingForm } from "./SettingForm.js";

/** Integrations: which of the account's integrations this timeline uses (setting.integration, by id). */
export function IntegrationsSection({ master, saveSetting }: SectionProps) {
  const { data, status } = useSessionData("integrations");
  const list = Object.values(data ?? {});
  return (
    <SettingForm title="Integrations" description="Link the integrations this timeline's actions and registrations use." master={master} saveSetting={saveSetting}>
      {(setting, update) =>
        status !== "ready" && list.length === 0 ? (
          <p className="muted" role="status">Loading integrations…</p>
        ) : list.length === 0 ? (
          <p>
            No integrations connected yet. <Link href="/integrations/add-integration">Add an integration</Link>.
          </p>
        ) : (
          <ul className="plain-list">
            {list.map((integration) => {
              const id = String(integration.integrationid);
              const linked = setting.integration[id]?.enabled === true;
              const kind = getIntegrationKind(String(integration.type))?.label ?? integration.type;
              return (
                <li key={id}>
                  <Checkbox
                    label={`${integration.name || kind} (${kind})`}
                    hint={integration.connected ? "Connected" : "Not connected: test it on the Integrations screen"}
                    checked={linked}
                    onChange={(e) =>
                      update((s) => ({ ...s, integration: { ...s.integration, [id]: { ...(s.integration[id] ?? {}), enabled: e.target.checked } } }))
                    }
                  />
                </li>
              );
            })}
          </ul>
        )
      }
    </SettingForm>
  );
}
