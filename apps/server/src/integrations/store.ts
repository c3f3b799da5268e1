import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getIntegrationKind, type IntegrationKind, type NiftyImageEntry } from "@cuepoint/sdk";
import { integrations, type IntegrationRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { notFound } from "../http/errors.js";
import { isUuid } from "../http/ids.js";
import { open, seal, sealingKey } from "../auth/sealing.js";
import { isPlainField, mask, type Secrets } from "./secrets.js";
import { PREVIOUS_SIGNING_SECRET_FIELD } from "./signingSecret.js";

/** An integration row with its secrets opened. */
export interface LoadedIntegration {
  row: IntegrationRow;
  kind: IntegrationKind;
  secrets: Secrets;
}

/** The envelope's associated data: the row's owner and id. */
const contextOf = (row: Pick<IntegrationRow, "accountId" | "id">) => `integration:${row.accountId}/${row.id}`;

async function opened(orm: Orm, row: IntegrationRow): Promise<LoadedIntegration> {
  const kind = getIntegrationKind(row.type)?.type;
  if (!kind) throw new Error(`Integration ${row.id} has an unknown type "${row.type}".`);
  const secrets = open(row.sealed, await sealingKey(orm), contextOf(row)) as Secrets;
  return { row, kind, secrets };
}

export const NO_SUCH_INTEGRATION = "There is no integration with this ID.";

/** One of the caller's integrations; another account's id answers 404 like an unknown one. */
export async function loadIntegration(orm: Orm, accountId: string, id: string | number): Promise<LoadedIntegration> {
  const text = String(id);
  const [row] = isUuid(text)
    ? await orm
        .select()
        .from(integrations)
        .where(and(eq(integrations.id, text), eq(integrations.accountId, accountId)))
    : [];
  if (!row) throw notFound(NO_SUCH_INTEGRATION);
  return opened(orm, row);
}

export async function listIntegrations(orm: Orm, accountId: string): Promise<LoadedIntegration[]> {
  const rows = await orm
    .select()
    .from(integrations)
    .where(eq(integrations.accountId, accountId))
    .orderBy(integrations.createdAt);
  return Promise.all(rows.map((row) => opened(orm, row)));
}

export interface NewIntegration {
  accountId: string;
  kind: IntegrationKind;
  name: string;
  secrets: Secrets;
  connected?: boolean;
  meta?: Record<string, string>;
  images?: Record<string, NiftyImageEntry> | null;
  now: Date;
}

export async function insertIntegration(orm: Orm, fields: NewIntegration): Promise<LoadedIntegration> {
  const id = randomUUID();
  const key = await sealingKey(orm);
  const [row] = await orm
    .insert(integrations)
    .values({
      id,
      accountId: fields.accountId,
      type: fields.kind,
      name: fields.name,
      connected: fields.connected ?? false,
      sealed: seal(fields.secrets, key, contextOf({ id, accountId: fields.accountId })),
      meta: fields.meta ?? {},
      images: fields.images ?? (fields.kind === "NIFTYIMAGE" ? {} : null),
      createdAt: fields.now,
      updatedAt: fields.now,
    })
    .returning();
  if (!row) throw new Error("The integration was not stored.");
  return { row, kind: fields.kind, secrets: fields.secrets };
}

export interface IntegrationChanges {
  name?: string;
  secrets?: Secrets;
  connected?: boolean;
  lastError?: string | null;
  meta?: Record<string, string>;
  images?: Record<string, NiftyImageEntry>;
}

/** Writes changes to a loaded integration (re-sealing its secrets when they changed). */
export async function updateIntegration(
  orm: Orm,
  current: LoadedIntegration,
  changes: IntegrationChanges,
  now: Date,
): Promise<LoadedIntegration> {
  const { secrets, ...plain } = changes;
  const sealed = secrets ? seal(secrets, await sealingKey(orm), contextOf(current.row)) : undefined;
  const [row] = await orm
    .update(integrations)
    .set({ ...plain, ...(sealed && { sealed }), updatedAt: now })
    .where(and(eq(integrations.id, current.row.id), eq(integrations.accountId, current.row.accountId)))
    .returning();
  if (!row) throw notFound(NO_SUCH_INTEGRATION);
  return { row, kind: current.kind, secrets: secrets ?? current.secrets };
}

/**
 * An integration as the API shows it (spec §3): plain fields in clear, every secret masked
 * (`••••1234`), OAuth tokens as a masked `access_token` only, `adddata` values masked, and
 * `last_error` (design) holding the service's words from the last failed test. A rotated-out
 * signing secret is left out: `POST /integration/signingsecret` answers its expiry.
 */
export function toWire({ row, kind, secrets }: LoadedIntegration): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(secrets.credentials)) {
    fields[name] = isPlainField(kind, name) ? String(value) : mask(value);
  }
  for (const [name, value] of Object.entries(secrets.data)) {
    if (name !== PREVIOUS_SIGNING_SECRET_FIELD) fields[name] = mask(value);
  }
  if (secrets.tokens) fields.access_token = mask(secrets.tokens.access_token);
  return {
    ...fields,
    integrationid: row.id,
    name: row.name,
    type: row.type,
    connected: row.connected,
    ...(kind === "NIFTYIMAGE" && { images: row.images ?? {} }),
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
