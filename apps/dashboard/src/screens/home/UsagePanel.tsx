import { formatSizeGB } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { useSessionData } from "../../session/dataStore.js";
import { ListState } from "../../ui/ListState.js";
import { UsageBar } from "./UsageBar.js";

/** Bytes the account's media take: the sum of the image, audio and video lists loaded after login. */
export function useStorageBytes(): number | undefined {
  const sets = [useSessionData("images"), useSessionData("audios"), useSessionData("videos")];
  if (sets.some((s) => s.data === undefined)) return undefined;
  return sets.reduce((sum, s) => sum + (s.data ?? []).reduce((n, item) => n + item.size, 0), 0);
}

/** Usage against the plan's limits (POST user/resource_status, spec §3 Resource status). */
export function UsagePanel() {
  const status = useQuery(async () => (await client.account.resourceStatus()).success, []);
  const storage = useStorageBytes();
  return (
    <section className="card" aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage this period</h2>
      <ListState query={status} label="usage" empty="">
        {(s) => (
          <>
            <UsageBar label="Actions" used={s.actions} limit={s.limits?.actions ?? -1} />
            <UsageBar
              label="Webinar hours"
              used={s.webinar_hours}
              limit={s.limits?.webinarHours ?? -1}
              format={(n) => n.toLocaleString("en-US", { maximumFractionDigits: 1 })}
            />
            <UsageBar label="Recurring timelines" used={s.recurring_timelines} limit={s.limits?.timelines ?? -1} />
            {storage !== undefined && (
              <UsageBar
                label="Storage"
                used={storage}
                limit={s.limits ? (s.limits.storageGB < 0 ? -1 : s.limits.storageGB * 1024 ** 3) : -1}
                format={(bytes) => `${formatSizeGB(bytes)} GB`}
              />
            )}
            {s.additional_actions > 0 && (
              <p className="muted" style={{ margin: "12px 0 0" }}>
                Includes {s.additional_actions.toLocaleString("en-US")} additional actions.
              </p>
            )}
          </>
        )}
      </ListState>
    </section>
  );
}
