import { and, asc, eq } from "drizzle-orm";
import type { ServiceList } from "@cuepoint/sdk";
import { integrationLists } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import type { ServiceLists } from "./services/types.js";

/** Cached lists older than this are fetched again even without `refresh`. */
export const LIST_MAX_AGE_MS = 24 * 60 * 60_000;

const owned = (accountId: string, integrationId: string) =>
  and(eq(integrationLists.accountId, accountId), eq(integrationLists.integrationId, integrationId));

/** The cached lists of an integration, when there are some and none is too old. */
export async function cachedLists(
  orm: Orm,
  accountId: string,
  integrationId: string,
  now: Date,
): Promise<{ lists: ServiceLists; fetchedAt: Date } | undefined> {
  const rows = await orm
    .select()
    .from(integrationLists)
    .where(owned(accountId, integrationId))
    .orderBy(asc(integrationLists.listName));
  if (rows.length === 0) return undefined;
  const fetchedAt = new Date(Math.min(...rows.map((row) => row.fetchedAt.getTime())));
  if (now.getTime() - fetchedAt.getTime() > LIST_MAX_AGE_MS) return undefined;
  return { lists: Object.fromEntries(rows.map((row) => [row.listName, row.items])), fetchedAt };
}

/** Replaces an integration's cached lists, in one transaction. */
export async function storeLists(
  orm: Orm,
  accountId: string,
  integrationId: string,
  lists: ServiceLists,
  now: Date,
): Promise<void> {
  await orm.transaction(async (tx) => {
    await tx.delete(integrationLists).where(owned(accountId, integrationId)).returning({ id: integrationLists.id });
    const rows = Object.entries(lists).map(([listName, items]) => ({
      accountId,
      integrationId,
      listName,
      items,
      fetchedAt: now,
    }));
    if (rows.length > 0) await tx.insert(integrationLists).values(rows);
  });
}

/** Adds an entry a write created (a tag, an audience) to its cached list, if that list is cached. */
export async function addToCachedList(
  orm: Orm,
  accountId: string,
  integrationId: string,
  listName: string,
  item: ServiceList,
): Promise<void> {
  await orm.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(integrationLists)
      .where(and(owned(accountId, integrationId), eq(integrationLists.listName, listName)))
      .for("update");
    if (!row || row.items.some((entry) => entry.id === item.id)) return;
    await tx
      .update(integrationLists)
      .set({ items: [...row.items, item] })
      .where(eq(integrationLists.id, row.id))
      .returning({ id: integrationLists.id });
  });
}
