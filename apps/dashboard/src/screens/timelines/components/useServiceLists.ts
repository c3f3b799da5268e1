import { apiPathFor } from "@cuepoint/sdk";
import { useState } from "react";
import { client } from "../../../api/client.js";
import { useQuery, type Query } from "../../../api/useQuery.js";
import type { ActionSource } from "./actionDraft.js";
import { needsServiceLists, serviceListsOf, type ServiceLists } from "./serviceLists.js";

export interface ServiceListsQuery {
  /** False when the source's service has no lists to read: its list fields are plain id inputs. */
  available: boolean;
  /** Loading / ready / error of the chosen integration's lists; `data` undefined when none are needed. */
  query: Query<ServiceLists | undefined>;
  /** Asks the service again (`refresh: true`), past the server's day-long cache. */
  refresh: () => void;
}

/**
 * The lists of the integration an action runs through (POST /{kind}/getlists), loaded when the
 * integration is chosen, one of its actions picks from them and the server reads that service's
 * lists (otherwise no call is made and `available` is false).
 *
 * @example
 * const lists = useServiceLists(source);
 * lists.query.status; // "loading" | "ready" | "error"
 */
export function useServiceLists(source: ActionSource | undefined): ServiceListsQuery {
  const [round, setRound] = useState(0);
  const needed = needsServiceLists(source);
  const integrationID = source?.integrationID ?? "";
  const kind = source?.kind;
  const query = useQuery(async () => {
    if (!needed || !kind) return undefined;
    const body = { integrationID, ...(round > 0 && { refresh: true }) };
    return serviceListsOf((await client.integrations.getLists(apiPathFor(kind), body)).success);
  }, [needed, kind, integrationID, round]);
  return { available: needed, query, refresh: () => setRound((n) => n + 1) };
}
