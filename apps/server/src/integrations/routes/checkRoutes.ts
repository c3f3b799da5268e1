import {
  CredentialsSchema,
  IntegrationIdRequestSchema,
  connectsWithCredentials,
  isPort,
  SmtpCredentialsSchema,
} from "@cuepoint/sdk";
import { badRequest } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { serviceContext } from "../context.js";
import { asHttpError, parseCredentials, throughService } from "../credentials.js";
import { kindFromPath, labelOf } from "../kinds.js";
import { isMasked, withoutMasked } from "../secrets.js";
import { signingSecretsAt, signsDeliveries } from "../signingSecret.js";
import { ServiceError } from "../serviceCall.js";
import { loadService } from "../service.js";
import { serviceFor } from "../services/index.js";
import { loadIntegration, updateIntegration } from "../store.js";
import { ack, AckAnswer } from "../../http/answers.js";

const TAG = "Integrations";
const SERVICE_ERRORS =
  "A refusal by the service answers 422 with the service's own words; a service that cannot be reached, times " +
  "out or fails answers 502.";

const check = defineRoute({
  method: "POST",
  path: "/:kind/check",
  operationId: "integrations.check",
  tag: TAG,
  summary: "Try credentials against the service before saving them",
  description:
    "`{kind}` is the lower-case kind (or its API path, `fbaudience`). The body is the credential form: checked " +
    "with the SDK's `credentialSchemaFor(kind)` (400 naming the field), then tried against the service; nothing " +
    "is stored. Editing a saved integration, send its `integrationID` too: masked values (`••••1234`) are then " +
    "taken from it. WEBHOOK and ZAPIER post a sample payload to `webhook` (or `url`) when one is given, signed " +
    "(`Cuepoint-Signature`) with the saved integration's signing secret when an `integrationID` is sent. Kinds " +
    `without an adapter of their own only check the form, and say so. ${SERVICE_ERRORS}`,
  access: "integrations:write",
  body: CredentialsSchema,
  answer: { description: "Confirmation, with a note on what was tried.", schema: AckAnswer },
  async handle({ body, params, caller, deps }) {
    const kind = kindFromPath(params.kind);
    if (!connectsWithCredentials(kind)) {
      throw badRequest(`${labelOf(kind)} connects through its sign-in page: use GET /api/oauth/${kind.toLowerCase()}/authorize.`);
    }
    const { integrationID, ...fields } = body;
    let stored: Record<string, unknown> = {};
    let signingSecrets: string[] = [];
    if (integrationID !== undefined && (signsDeliveries(kind) || Object.values(fields).some(isMasked))) {
      const saved = await loadIntegration(deps.db.orm, caller.accountId, String(integrationID));
      if (saved.kind !== kind) throw badRequest(`This integration is ${labelOf(saved.kind)}.`, "integrationID");
      stored = saved.secrets.credentials;
      signingSecrets = signingSecretsAt(saved.secrets, deps.config.now());
    }
    const merged = { ...stored, ...withoutMasked(fields) };
    const credentials = parseCredentials(kind, merged);
    const ctx = serviceContext({ kind, credentials: { ...merged, ...credentials }, signingSecrets, now: deps.config.now });
    const note = await throughService(() => serviceFor(kind).check(ctx));
    return ack(note || `${labelOf(kind)} accepted the credentials.`);
  },
});

const test = defineRoute({
  method: "POST",
  path: "/test/integration",
  operationId: "integrations.test",
  tag: TAG,
  summary: "Test a saved integration against its service",
  description:
    "Success sets `connected: true` (false for a kind whose service this server cannot ask yet: its answer says so) and clears `last_error`. Failure (spec §8) sets `connected: false`, keeps the " +
    `service's words in \`last_error\` and answers them as \`message\`. ${SERVICE_ERRORS} OAuth tokens past ` +
    "their expiry are refreshed first.",
  access: "integrations:write",
  body: IntegrationIdRequestSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    const service = await loadService(deps, caller.accountId, body.integrationID);
    const now = deps.config.now;
    try {
      const note = await service.adapter.check(service.ctx);
      // Reload: a token refresh during the check re-sealed the row.
      const fresh = await loadIntegration(deps.db.orm, caller.accountId, service.loaded.row.id);
      // A check that could not ask the service (no folder for the kind yet) never says connected.
      await updateIntegration(deps.db.orm, fresh, { connected: service.adapter.verifies !== false, lastError: null }, now());
      return ack(note || `${labelOf(service.loaded.kind)} is connected.`);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      await updateIntegration(deps.db.orm, service.loaded, { connected: false, lastError: error.message }, now());
      throw asHttpError(error);
    }
  },
});

const testSmtp = defineRoute({
  method: "POST",
  path: "/test/smtp",
  operationId: "integrations.testSmtp",
  tag: TAG,
  summary: "Try SMTP settings: connect, EHLO, STARTTLS when offered, log in",
  description:
    "Nothing is stored and no mail is sent. Port 465 speaks TLS from the start; other ports upgrade with STARTTLS " +
    "when the server offers it (the certificate must be valid for the host). With a `username`, logs in (AUTH " +
    "PLAIN or LOGIN, as the server offers); a wrong login answers 422 saying authentication failed. Hosts in " +
    `private networks are refused. ${SERVICE_ERRORS}`,
  access: "integrations:write",
  body: SmtpCredentialsSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, deps }) {
    if (!isPort(body.port)) throw badRequest("Port must be a whole number from 1 to 65535, such as 587", "port");
    const ctx = serviceContext({ kind: "SMTP", credentials: body, now: deps.config.now });
    const note = await throughService(() => serviceFor("SMTP").check(ctx));
    return ack(note || "The SMTP server answered.");
  },
});

export const integrationCheckRoutes = [check, test, testSmtp];
