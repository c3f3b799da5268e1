import { and, eq, inArray } from "drizzle-orm";
import * as v from "valibot";
import { RoomItemSchema, type RoomItem } from "@cuepoint/sdk";
import { roomConsoleActions } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";

/**
 * The CTAs and subject changes the host pushed from the console, as room items (`push-<uuid>`, at
 * the live position of the push). They are stored with the console action that pushed them
 * (`detail.item`), so a later snapshot, the replay, the hub's CTA views and the analytics read
 * them like the script's own items.
 *
 * @example
 * const items = await pushedItems(orm, accountId, eventId); // [{ id: "push-…", action: "cta", offsetSeconds: 754, cta }]
 */
export async function pushedItems(orm: Orm, accountId: string, eventId: string): Promise<RoomItem[]> {
  const rows = await orm
    .select({ detail: roomConsoleActions.detail })
    .from(roomConsoleActions)
    .where(
      and(eq(roomConsoleActions.eventId, eventId), eq(roomConsoleActions.accountId, accountId), inArray(roomConsoleActions.kind, ["cta", "subject"])),
    );
  const items: RoomItem[] = [];
  for (const { detail } of rows) {
    const parsed = v.safeParse(RoomItemSchema, detail.item);
    if (parsed.success) items.push(parsed.output);
  }
  return items;
}
