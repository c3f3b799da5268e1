import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import {
  AddDataRequestSchema,
  CreateIntegrationRequestSchema,
  IntegrationIdRequestSchema,
  IntegrationSchema,
  connectsWithCredentials,
  NiftyImageEntrySchema,
  UpdateIntegrationRequestSchema,
} from "@cuepoint/sdk";
import { integrations } from "../../db/schema/index.js";
import { badRequest } from "../../http/errors.js";
import { parseInput } from "../../http/input.js";
import { defineRoute } from "../../http/route.js";
import { parseCredentials, sameValues } from "../credentials.js";
import { kindFromType, labelOf } from "../kinds.js";
import { emptySecrets, withoutMasked } from "../secrets.js";
import { initialData } from "../signingSecret.js";
import { insertIntegration, listIntegrations, loadIntegration, toWire, updateIntegration } from "../store.js";
import { timelinesUsing } from "../usedBy.js";
import { ack, AckAnswer } from "../../http/answers.js";

const TAG = "Integrations";
const IntegrationAnswer = v.object({ success: IntegrationSchema });
const SECRETS_NOTE =
  "Credentials are stored encrypted (AES-256-GCM). Answers never carry a secret: secret fields, tokens and " +
  "`adddata` values come back masked (`••••` and the last four characters of values of 8 or more), and a " +
  "value starting with `••••` sent back in a form means \"unchanged\", so echoing an answer never replaces a secret.";

const nameOf = (value: unknown, fallback: string): string => {
  if (value === undefined) return fallback;
  const name = typeof value === "string" ? value.trim() : "";
  if (!name || name.length > 200) throw badRequest("Give the integration a name of 1 to 200 characters.", "blocks.name");
  return name;
};

const list = defineRoute({
  method: "POST",
  path: "/integration/get",
  operationId: "integrations.list",
  tag: TAG,
  summary: "The account's integrations, keyed by ID",
  description: `Oldest first. ${SECRETS_NOTE} \`last_error\` (design) holds the service's words from the last failed test.`,
  access: "integrations:read",
  answer: { description: "Integrations by ID.", schema: v.object({ success: v.record(v.string(), IntegrationSchema) }) },
  async handle({ caller, deps }) {
    const loaded = await listIntegrations(deps.db.orm, caller.accountId);
    return { success: Object.fromEntries(loaded.map((item) => [item.row.id, toWire(item)])) };
  },
});

const create = defineRoute({
  method: "POST",
  path: "/integration/create",
  operationId: "integrations.create",
  tag: TAG,
  summary: "Add an integration from its credential form",
  description:
    "`blocks.type` is the kind (any case); the credentials are checked with the SDK's `credentialSchemaFor(kind)` " +
    "(400 naming `blocks.<field>`), unknown fields are dropped, and `name` defaults to the service's name. The " +
    "service is not contacted: the integration starts with `connected: false` until `POST /test/integration`. " +
    "Kinds that connect only through OAuth are added by `GET /oauth/{kind}/authorize` instead (400 here; " +
    "HubSpot also takes a private-app token as `access_token`). WEBHOOK " +
    "and ZAPIER integrations get a signing secret (`signing_secret`, see `POST /integration/signingsecret`). " +
    SECRETS_NOTE,
  access: "integrations:write",
  body: CreateIntegrationRequestSchema,
  encoding: "multipart",
  answer: { description: "The new integration.", schema: IntegrationAnswer },
  async handle({ body, caller, deps }) {
    const { type, name, ...fields } = body.blocks;
    const kind = kindFromType(type);
    if (!connectsWithCredentials(kind)) {
      throw badRequest(
        `${labelOf(kind)} connects through its sign-in page: use GET /api/oauth/${kind.toLowerCase()}/authorize.`,
        "blocks.type",
      );
    }
    const credentials = parseCredentials(kind, withoutMasked(fields), "blocks");
    const created = await insertIntegration(deps.db.orm, {
      accountId: caller.accountId,
      kind,
      name: nameOf(name, labelOf(kind)),
      secrets: { ...emptySecrets(), credentials, data: initialData(kind) },
      now: deps.config.now(),
    });
    return { success: toWire(created) };
  },
});

const update = defineRoute({
  method: "POST",
  path: "/integration/update",
  operationId: "integrations.update",
  tag: TAG,
  summary: "Change an integration's name or credentials",
  description:
    "The fields of `blocks` replace the stored ones; the result must still pass the kind's credential form " +
    "(400 naming `blocks.<field>`). Changed credentials set `connected: false` until the next test. `type` " +
    "cannot change. NIFTYIMAGE takes `images` (key → `{ url, name }`) here. Integrations connected through " +
    `OAuth take only \`name\`. ${SECRETS_NOTE}`,
  access: "integrations:write",
  body: UpdateIntegrationRequestSchema,
  encoding: "multipart",
  answer: { description: "The integration.", schema: IntegrationAnswer },
  async handle({ body, caller, deps }) {
    const current = await loadIntegration(deps.db.orm, caller.accountId, body.integrationID);
    const { type, name, images, ...rest } = body.blocks;
    if (type !== undefined && kindFromType(String(type)) !== current.kind) {
      throw badRequest("The type of an integration cannot change: add a new integration instead.", "blocks.type");
    }
    const fields = withoutMasked(rest);
    const viaOAuth = !connectsWithCredentials(current.kind) || current.row.meta.via === "oauth";
    if (viaOAuth && Object.keys(fields).length > 0) {
      throw badRequest(`${labelOf(current.kind)} is connected through its sign-in: connect it again to change its access.`);
    }
    const credentials = viaOAuth
      ? current.secrets.credentials
      : parseCredentials(current.kind, { ...current.secrets.credentials, ...fields }, "blocks");
    const changed = !sameValues(credentials, current.secrets.credentials);
    const updated = await updateIntegration(
      deps.db.orm,
      current,
      {
        name: nameOf(name, current.row.name),
        ...(changed && { secrets: { ...current.secrets, credentials }, connected: false, lastError: null }),
        ...(current.kind === "NIFTYIMAGE" &&
          images !== undefined && {
            images: parseInput(v.object({ images: v.record(v.string(), NiftyImageEntrySchema) }), { images }).images,
          }),
      },
      deps.config.now(),
    );
    return { success: toWire(updated) };
  },
});

const addData = defineRoute({
  method: "POST",
  path: "/integration/adddata",
  operationId: "integrations.addData",
  tag: TAG,
  summary: "Store extra values on an integration, encrypted",
  description:
    "Each field of `blocks` is stored encrypted with the integration's other secrets and shown masked from then " +
    "on; `null` removes a field, and a masked value leaves it unchanged. `type` is always `encrypt`.",
  access: "integrations:write",
  body: AddDataRequestSchema,
  encoding: "multipart",
  answer: { description: "The integration.", schema: IntegrationAnswer },
  async handle({ body, caller, deps }) {
    const current = await loadIntegration(deps.db.orm, caller.accountId, body.integrationID);
    const data = { ...current.secrets.data };
    for (const [key, value] of Object.entries(withoutMasked(body.blocks))) {
      if (key.trim() === "") throw badRequest("Every value needs a name.", "blocks");
      if (value === null) delete data[key];
      else data[key] = value;
    }
    const updated = await updateIntegration(
      deps.db.orm,
      current,
      { secrets: { ...current.secrets, data } },
      deps.config.now(),
    );
    return { success: toWire(updated) };
  },
});

const used = defineRoute({
  method: "POST",
  path: "/integration/used",
  operationId: "integrations.used",
  tag: TAG,
  summary: "The timelines that use an integration",
  description:
    "A timeline uses an integration when one of its actions names it (`integrationID` of a node in `blocks`), or " +
    "its setting does (`general.integrationID`, a key of `integration`, `autoresponder.integrations`). Trashed " +
    "timelines count: they can be restored. Ordered by name.",
  access: "integrations:read",
  body: IntegrationIdRequestSchema,
  answer: {
    description: "The timelines.",
    schema: v.object({ success: v.array(v.object({ webinarTimeline: v.string(), timelineName: v.string() })) }),
  },
  async handle({ body, caller, deps }) {
    const current = await loadIntegration(deps.db.orm, caller.accountId, body.integrationID);
    return { success: await timelinesUsing(deps.db.orm, caller.accountId, current.row.id) };
  },
});

const remove = defineRoute({
  method: "POST",
  path: "/integration/delete",
  operationId: "integrations.delete",
  tag: TAG,
  summary: "Disconnect and delete an integration",
  description:
    "Deletes the integration, its secrets and its cached lists. Timelines keep their actions; the actions that " +
    "name a deleted integration no longer run (check `POST /integration/used` first). Tokens are not revoked at " +
    "the provider (revoke access in the service's own settings).",
  access: "integrations:write",
  body: IntegrationIdRequestSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    const current = await loadIntegration(deps.db.orm, caller.accountId, body.integrationID);
    await deps.db.orm
      .delete(integrations)
      .where(and(eq(integrations.id, current.row.id), eq(integrations.accountId, caller.accountId)))
      .returning({ id: integrations.id });
    return ack("The integration is deleted.");
  },
});

export const integrationRoutes = [list, create, update, addData, used, remove];
