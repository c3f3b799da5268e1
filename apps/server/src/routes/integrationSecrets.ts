import * as v from "valibot";
import { IntegrationIdRequestSchema } from "@cuepoint/sdk";
import { defineRoute } from "../http/route.js";
import { newSigningSecret, requireSigningKind, SIGNING_SECRET_FIELD, signingSecretOf } from "../integrations/signingSecret.js";
import { loadIntegration, updateIntegration } from "../integrations/store.js";

const TAG = "Integrations";
const SIGNING =
  "WEBHOOK and ZAPIER integrations sign each delivery with their secret: header `Cuepoint-Signature: " +
  "t=<unix seconds>,v1=<hex>`, where `v1` is HMAC-SHA256(secret, `${t}.${rawBody}`). Every new one gets a " +
  "secret (`whsec_` and 32 random bytes, base64url) when it is created; `POST /integration/get` shows it masked " +
  "like other credentials. Other kinds answer 400 on `integrationID`.";
const SecretAnswer = (nullable: boolean) =>
  v.object({ success: v.object({ signing_secret: nullable ? v.nullable(v.string()) : v.string() }) });

const read = defineRoute({
  method: "POST",
  path: "/integration/signingsecret",
  operationId: "integrations.signingSecret",
  tag: TAG,
  summary: "Read a webhook integration's signing secret in full",
  description:
    `${SIGNING} The one call that answers a secret in clear, for the receiver's configuration (the dashboard's ` +
    "reveal and copy); it needs `integrations:write`, as a token that reads integrations may not read their " +
    "secrets. `signing_secret` is null for an integration made before secrets were given by default: its " +
    "deliveries go unsigned until `POST /integration/signingsecret/rotate` (or `adddata`) sets one.",
  access: "integrations:write",
  body: IntegrationIdRequestSchema,
  answer: { description: "The secret, or null.", schema: SecretAnswer(true) },
  async handle({ body, caller, deps }) {
    const current = await loadIntegration(deps.db.orm, caller.accountId, body.integrationID);
    requireSigningKind(current.kind);
    return { success: { signing_secret: signingSecretOf(current.secrets) } };
  },
});

const rotate = defineRoute({
  method: "POST",
  path: "/integration/signingsecret/rotate",
  operationId: "integrations.rotateSigningSecret",
  tag: TAG,
  summary: "Replace a webhook integration's signing secret with a new one",
  description:
    `${SIGNING} Generates a new secret, stores it sealed and answers it in full. Deliveries from then on are ` +
    "signed with it only: give it to the receiver at once. To choose a secret instead, use `POST " +
    "/integration/adddata` with `signing_secret`.",
  access: "integrations:write",
  body: IntegrationIdRequestSchema,
  answer: { description: "The new secret.", schema: SecretAnswer(false) },
  async handle({ body, caller, deps }) {
    const current = await loadIntegration(deps.db.orm, caller.accountId, body.integrationID);
    requireSigningKind(current.kind);
    const secret = newSigningSecret();
    const data = { ...current.secrets.data, [SIGNING_SECRET_FIELD]: secret };
    await updateIntegration(deps.db.orm, current, { secrets: { ...current.secrets, data } }, deps.config.now());
    return { success: { signing_secret: secret } };
  },
});

export const integrationSecretRoutes = [read, rotate];
