import { describe, expect, it } from "vitest";
import { DELIVERY_PLATFORMS } from "../constants.js";
import {
  actionsFor,
  apiPathFor,
  connectsWithCredentials,
  getIntegrationKind,
  hasServiceLists,
  integrationCatalogue,
  isIntegrationKind,
} from "./integrationCatalogue.js";
import { INTEGRATION_KINDS, LIVE_EVENT_KINDS } from "./kinds.js";
import { CREDENTIAL_FIELDS, LIST_NAMES } from "./vocabulary.js";

/** Spec §3, copied here so a change to the vocabulary cannot silently pass. */
const SPEC_CREDENTIAL_FIELDS = (
  "api_key, api_url, api_secret, aws_access_key_id, aws_secret_access_key, aws_region, vendor_id, " +
  "domain, defaultRedirect, team_id, secret, api_app_id, api_username, api_password, account_id, " +
  "private_api_key, public_api_key, api_pass, api_domain, accountType, widgetID, referenceID, app_id, " +
  "rest_api_key, username, password, subdomain, hash_key, address, port, sid, token, access_token, key, " +
  // Beyond spec §3: the SMTP integration's own sender (issue 12: the login is often no address).
  "fromEmail, fromName"
).split(", ");
const SPEC_ICONS = (
  "envelope, tag-alt, comment-dots, folder-plus, folder-times, folder-upload, folder, refresh, " +
  "whatsapp, airplay, user-times, user-exclamation, expand-from-corner, pause, facebook-messenger-alt, " +
  "angle-left, angle-left-b, angle-right-b, schedule, calendar-alt, exclamation-triangle, link-h, " +
  "voicemail, comments-alt, dollar-sign-alt, comment-alt-dots"
).split(", ");
const SPEC_ACTION_KEYS = [
  "addTag", "removeTag", "moveList", "addToWorkflow", "delete",
  "sendMail", "sendsms", "sendmms", "sendWebhook",
];
const SPEC_LIVE_ACTIONS = ["livechat", "cta", "changesubject", "encore", "addEvent", "deleteSystemWide"];
const SPEC_ACTION_KINDS = ["ACTIVECAMPAIGN", "AWEBER", "MAILCHIMP", "HUBSPOT", "TWILIO", "ZAPIER", "WEBHOOK"];
const SPEC_LIVE_KINDS = ["WEBINAR", "ZOOM", "GOTOWEBINAR", "YOUTUBE", "OBVIO", "AEVENT"];

const entries = Object.values(integrationCatalogue);
const allActions = entries.flatMap((e) => e.actions.map((a) => ({ kind: e.type, ...a })));

describe("integration catalogue invariants", () => {
  it("has exactly one entry per kind, keyed by its type", () => {
    expect(new Set(INTEGRATION_KINDS).size).toBe(INTEGRATION_KINDS.length);
    expect(Object.keys(integrationCatalogue).sort()).toEqual([...INTEGRATION_KINDS].sort());
    for (const [key, entry] of Object.entries(integrationCatalogue)) expect(entry.type).toBe(key);
  });

  it("uses every credential field name of spec §3, and only those", () => {
    expect([...CREDENTIAL_FIELDS].sort()).toEqual([...SPEC_CREDENTIAL_FIELDS].sort());
    const used = new Set(entries.flatMap((e) => e.credentials.map((c) => c.name)));
    // Spec §3 names no form asks for any more (still accepted wire names): Kit's v4 API replaced
    // the v3 key + secret pair by one key, Sendlane's v2 API the v1 key + hash key + subdomain by
    // one token; Klaviyo's server API needs no public key (issue 14).
    const retired = ["api_secret", "public_api_key", "hash_key", "subdomain"];
    expect([...used].sort()).toEqual(SPEC_CREDENTIAL_FIELDS.filter((name) => !retired.includes(name)).sort());
  });

  it("has no credential field twice in one kind, and credentials only on kinds connected by a form (or a token instead of a sign-in)", () => {
    for (const entry of entries) {
      const names = entry.credentials.map((c) => c.name);
      expect(new Set(names).size, entry.type).toBe(names.length);
      // HubSpot's private-app access token is typed in instead of its sign-in.
      if (entry.auth !== "credentials") expect(names, entry.type).toEqual(entry.type === "HUBSPOT" ? ["access_token"] : []);
    }
    expect(connectsWithCredentials("HUBSPOT")).toBe(true);
    expect(connectsWithCredentials("MAILCHIMP")).toBe(false);
    expect(connectsWithCredentials("TWILIO")).toBe(true);
  });

  it("marks keys, secrets, passwords and tokens secret, but not ids or public keys", () => {
    const secretName = /key|secret|password|pass$|token/;
    const notSecret = new Set(["public_api_key", "aws_access_key_id"]);
    for (const c of entries.flatMap((e) => e.credentials)) {
      expect(c.secret, c.name).toBe(secretName.test(c.name) && !notSecret.has(c.name));
    }
  });

  it("gives accountType its spec options", () => {
    const options = (kind: "MAILGUN" | "CLICKSEND") =>
      integrationCatalogue[kind].credentials.find((c) => c.name === "accountType")?.options;
    expect(options("MAILGUN")).toEqual([{ value: "us", label: "US" }, { value: "eu", label: "EU" }]);
    expect(options("CLICKSEND")).toEqual([{ value: "intl", label: "Global" }, { value: "us", label: "US" }]);
    expect(integrationCatalogue.CLICKSEND.category).toBe("voice");
  });

  it("gives every action an icon of spec §3 and unique keys per kind", () => {
    for (const a of allActions) expect(SPEC_ICONS, `${a.kind}.${a.key}`).toContain(a.icon);
    for (const entry of entries) {
      const keys = entry.actions.map((a) => a.key);
      expect(new Set(keys).size, entry.type).toBe(keys.length);
    }
  });

  it("offers the spec's action keys and an action catalogue on the spec's kinds", () => {
    const keys = new Set(allActions.map((a) => a.key));
    for (const key of SPEC_ACTION_KEYS) expect(keys, key).toContain(key);
    for (const kind of SPEC_ACTION_KINDS) expect(actionsFor(kind).length, kind).toBeGreaterThan(0);
  });

  it("offers every live-event action on every live-event kind", () => {
    expect([...LIVE_EVENT_KINDS].sort()).toEqual([...SPEC_LIVE_KINDS].sort());
    for (const kind of SPEC_LIVE_KINDS) {
      expect(actionsFor(kind).map((a) => a.key), kind).toEqual(SPEC_LIVE_ACTIONS);
    }
  });

  it("keeps action fields well formed", () => {
    for (const a of allActions) {
      const names = a.fields.map((f) => f.name);
      expect(new Set(names).size, `${a.kind}.${a.key}`).toBe(names.length);
      for (const f of a.fields) {
        const where = `${a.kind}.${a.key}.${f.name}`;
        if (f.list) expect(LIST_NAMES, where).toContain(f.list);
        if (f.match) expect(f.list, where).toBeDefined();
        if (f.kind === "select") expect(Boolean(f.list) || Boolean(f.options?.length), where).toBe(true);
        if (f.kind === "audio") expect(f.list, where).toBe("audios");
      }
    }
  });

  it("uses the spec's action model field names", () => {
    const fields = new Set(allActions.flatMap((a) => a.fields.map((f) => f.name)));
    const specModelFields = [
      "tagName", "listName", "campaignName", "workflowName", "smsText", "mmsText", "webhook",
      "flowName", "template", "subject", "from", "message", "headline", "emailFrom", "nameFrom",
      "emailSubject",
    ];
    for (const name of specModelFields) expect(fields, name).toContain(name);
  });

  it("provides each delivery platform but vsl from exactly one kind", () => {
    for (const platform of DELIVERY_PLATFORMS.filter((p) => p !== "vsl")) {
      expect(entries.filter((e) => e.deliveryPlatform === platform), platform).toHaveLength(1);
    }
    expect(entries.some((e) => e.deliveryPlatform === "vsl")).toBe(false);
  });

  it("gives every OAuth kind a callback route", () => {
    for (const entry of entries.filter((e) => e.auth === "oauth")) {
      expect(entry.callbackRoute, entry.type).toBeDefined();
    }
  });
});

describe("looking kinds up", () => {
  it("finds a kind case-insensitively and rejects unknown ones", () => {
    expect(getIntegrationKind("zoom")?.type).toBe("ZOOM");
    expect(getIntegrationKind(" NiftyImage ")?.type).toBe("NIFTYIMAGE");
    expect(getIntegrationKind("ZOOMX")).toBeUndefined();
    expect(isIntegrationKind("zoom")).toBe(false);
    expect(isIntegrationKind("ZOOM")).toBe(true);
  });

  it("lists a kind's actions, none for unknown or action-less kinds", () => {
    expect(actionsFor("webhook").map((a) => a.key)).toEqual(["sendWebhook"]);
    expect(actionsFor("DOMAIN")).toEqual([]);
    expect(actionsFor("nope")).toEqual([]);
  });

  it("says which kinds' lists the server reads (apps/server checks it against its adapters)", () => {
    const withLists = INTEGRATION_KINDS.filter((kind) => hasServiceLists(kind));
    // The exact set is checked by the server against its services (integrations/services/registry.test.ts).
    expect(withLists).toEqual(expect.arrayContaining(["MAILCHIMP", "ACTIVECAMPAIGN", "GOOGLECALENDAR", "GOOGLESHEETS", "NIFTYIMAGE", "FACEBOOK"]));
    expect(hasServiceLists("mailchimp")).toBe(true);
    expect(hasServiceLists("CLICKSEND")).toBe(false);
    expect(hasServiceLists("nope")).toBe(false);
  });

  it("names API paths by the lower-case type except Facebook audiences", () => {
    expect(apiPathFor("MAILCHIMP")).toBe("mailchimp");
    expect(apiPathFor("FACEBOOK")).toBe("fbaudience");
  });
});
