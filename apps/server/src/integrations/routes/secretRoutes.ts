import * as v from "valibot";
import { IntegrationIdRequestSchema, RotateSigningSecretRequestSchema, SIGNING_SECRET_GRACE_HOURS } from "@cuepoint/sdk";
import { defineRoute } from "../../http/route.js";
import {
  newSigningSecret,
  previousSigningSecret,
  requireSigningKind,
  rotatedData,
  signingSecretOf,
} from "../signingSecret.js";
import type { Secrets } from "../secrets.js";
import { loadIntegration, updateIntegration } from "../store.js";

const TAG = "Integrations";
const SIGNING =
  "WEBHOOK and ZAPIER integrations sign each delivery with their secret: header `Cuepoint-Signature: " +
  "t=<unix seconds>,v1=<hex>`, where `v1` is HMAC-SHA256(secret, `${t}.${rawBody}`); while a rotated-out secret " +
  "still signs, a second `v1` (made with it) follows under the same `t`. Every new one gets a " +
  "secret (`whsec_` and 32 random bytes, base64url) when it is created; `POST /integration/get` shows it masked " +
  "like other credentials. Other kinds answer 400 on `integrationID`.";
const SecretAnswer = (nullable: boolean) =>
  v.object({
    success: v.object({
      signing_secret: nullable ? v.nullable(v.string()) : v.string(),
      previous_expires_at: v.nullable(v.string()),
    }),
  });

/** The answer of both routes: the secret, and until when the replaced one also signs (not that secret). */
const answerOf = (secrets: Secrets, now: Date) => ({
  signing_secret: signingSecretOf(secrets),
  previous_expires_at: previousSigningSecret(secrets, now)?.until.toISOString() ?? null,
});

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
    "deliveries go unsigned until `POST /integration/signingsecret/rotate` (or `adddata`) sets one. " +
    "`previous_expires_at` is when the secret replaced by the last rotation stops signing (null when it no longer " +
    "does); that secret itself is never answered.",
  access: "integrations:write",
  body: IntegrationIdRequestSchema,
  answer: { description: "The secret, or null, and the previous one's expiry.", schema: SecretAnswer(true) },
  async handle({ body, caller, deps }) {
    const current = await loadIntegration(deps.db.orm, caller.accountId, body.integrationID);
    requireSigningKind(current.kind);
    return { success: answerOf(current.secrets, deps.config.now()) };
  },
});

const rotate = defineRoute({
  method: "POST",
  path: "/integration/signingsecret/rotate",
  operationId: "integrations.rotateSigningSecret",
  tag: TAG,
  summary: "Replace a webhook integration's signing secret with a new one",
  description:
    `${SIGNING} Generates a new secret, stores it sealed and answers it in full. The previous secret keeps ` +
    `signing deliveries beside it for \`expiresIn\` hours (whole hours, 0–${SIGNING_SECRET_GRACE_HOURS}, default ` +
    `${SIGNING_SECRET_GRACE_HOURS}), so a receiver verifies with either while it switches; \`previous_expires_at\` ` +
    "says until when (null with `expiresIn: 0`, which drops it at once, or when there was none). Rotating again " +
    "replaces that previous secret with the one being replaced. To choose a secret instead, use `POST " +
    "/integration/adddata` with `signing_secret`.",
  access: "integrations:write",
  body: RotateSigningSecretRequestSchema,
  answer: { description: "The new secret and the previous one's expiry.", schema: SecretAnswer(false) },
  async handle({ body, caller, deps }) {
    const current = await loadIntegration(deps.db.orm, caller.accountId, body.integrationID);
    requireSigningKind(current.kind);
    const secret = newSigningSecret();
    const now = deps.config.now();
    const data = rotatedData(current.secrets, secret, body.expiresIn, now);
    const updated = await updateIntegration(deps.db.orm, current, { secrets: { ...current.secrets, data } }, now);
    return { success: { ...answerOf(updated.secrets, now), signing_secret: secret } };
  },
});

export const integrationSecretRoutes = [read, rotate];
