import * as R from "../../../schemas/requests/index.js";
import { type CallRow } from "./types.js";

/** Integration calls. */
export const integrationCalls: Record<string, CallRow> = {
  "integrations.list": { call: (c) => c.integrations.list(), method: "POST", path: "/integration/get", encoding: "none" },
  "integrations.test": {
    schema: R.IntegrationIdRequestSchema,
    call: (c) => c.integrations.test("i1"), method: "POST", path: "/test/integration", encoding: "json", body: { integrationID: "i1" },
  },
  "integrations.getLists": {
    schema: R.GetListsRequestSchema,
    call: (c) => c.integrations.getLists("mailchimp", { integrationID: "i1", refresh: true }),
    method: "POST", path: "/mailchimp/getlists", encoding: "multipart", body: { integrationID: "i1", refresh: "true" },
  },
  "integrations.used": {
    schema: R.IntegrationIdRequestSchema,
    call: (c) => c.integrations.used("i1"), method: "POST", path: "/integration/used", encoding: "json", body: { integrationID: "i1" },
  },
  "integrations.delete": {
    schema: R.IntegrationIdRequestSchema,
    call: (c) => c.integrations.delete("i1"), method: "POST", path: "/integration/delete", encoding: "json", body: { integrationID: "i1" },
  },
  "integrations.check": {
    schema: R.CredentialsSchema,
    call: (c) => c.integrations.check("activecampaign", { api_url: "https://x.api-us1.com", api_key: "k" }),
    method: "POST", path: "/activecampaign/check", encoding: "json", body: { api_url: "https://x.api-us1.com", api_key: "k" },
  },
  "integrations.create": {
    schema: R.CreateIntegrationRequestSchema,
    call: (c) => c.integrations.create({ type: "SMTP", address: "smtp.example.com", port: 587 }),
    method: "POST", path: "/integration/create", encoding: "multipart",
    body: { blocks: JSON.stringify({ type: "SMTP", address: "smtp.example.com", port: 587 }) },
  },
  "integrations.update": {
    schema: R.UpdateIntegrationRequestSchema,
    call: (c) => c.integrations.update("i1", { api_key: "k2" }),
    method: "POST", path: "/integration/update", encoding: "multipart",
    body: { integrationID: "i1", blocks: JSON.stringify({ api_key: "k2" }) },
  },
  "integrations.addData": {
    schema: R.AddDataRequestSchema,
    call: (c) => c.integrations.addData("i1", { secret: "s" }),
    method: "POST", path: "/integration/adddata", encoding: "multipart",
    body: { integrationID: "i1", type: "encrypt", blocks: JSON.stringify({ secret: "s" }) },
  },
  "integrations.signingSecret": {
    schema: R.IntegrationIdRequestSchema,
    call: (c) => c.integrations.signingSecret("i1"),
    method: "POST", path: "/integration/signingsecret", encoding: "json", body: { integrationID: "i1" },
  },
  "integrations.rotateSigningSecret": {
    schema: R.RotateSigningSecretRequestSchema,
    call: (c) => c.integrations.rotateSigningSecret("i1"),
    method: "POST", path: "/integration/signingsecret/rotate", encoding: "json", body: { integrationID: "i1" },
  },
  "integrations.rotateSigningSecret (expiresIn)": {
    schema: R.RotateSigningSecretRequestSchema,
    call: (c) => c.integrations.rotateSigningSecret("i1", { expiresIn: 0 }),
    method: "POST", path: "/integration/signingsecret/rotate", encoding: "json", body: { integrationID: "i1", expiresIn: 0 },
  },
  "integrations.addField": {
    schema: R.AddFieldRequestSchema,
    call: (c) => c.integrations.addField("aweber", { integrationID: "i1", listID: "l1", name: "link" }),
    method: "POST", path: "/aweber/addfield", encoding: "json", body: { integrationID: "i1", listID: "l1", name: "link" },
  },
  "integrations.bulkTags": {
    schema: R.BulkTagsRequestSchema,
    call: (c) => c.integrations.bulkTags({ integrationID: "i1", tags: ["vip", "lead"] }),
    method: "POST", path: "/tags", encoding: "json", body: { integrationID: "i1", tags: ["vip", "lead"] },
  },
  "integrations.addAutoField": {
    schema: R.AddAutoFieldRequestSchema,
    call: (c) => c.integrations.addAutoField("aweber", { integrationID: "i1", listID: "l1" }),
    method: "POST", path: "/aweber/addautofield", encoding: "multipart", body: { integrationID: "i1", listID: "l1" },
  },
  "integrations.createFbAudience": {
    schema: R.CreateFbAudienceRequestSchema,
    call: (c) => c.integrations.createFbAudience({ integrationID: "i1", adAccountId: "act_1", name: "Webinar" }),
    method: "POST", path: "/fbaudience/audience/create", encoding: "multipart",
    body: { integrationID: "i1", adAccountId: "act_1", name: "Webinar" },
  },
  "integrations.addTag (lower-cased)": {
    schema: R.AddTagRequestSchema,
    call: (c) => c.integrations.addTag("drip", { integrationID: "i1", listID: "l1", name: "VIP Lead" }),
    method: "POST", path: "/drip/addtag", encoding: "multipart", body: { integrationID: "i1", listID: "l1", name: "vip lead" },
  },
  "integrations.deleteNiftyImage": {
    schema: R.DeleteNiftyImageRequestSchema,
    call: (c) => c.integrations.deleteNiftyImage({ integrationID: "i1", url: "https://img.example.com/a.png" }),
    method: "POST", path: "/niftyimage/delete", encoding: "json", body: { integrationID: "i1", url: "https://img.example.com/a.png" },
  },
  "integrations.testSmtp": {
    schema: R.SmtpCredentialsSchema,
    call: (c) => c.integrations.testSmtp({ address: "smtp.example.com", port: 587, username: "u", password: "p" }),
    method: "POST", path: "/test/smtp", encoding: "json", body: { address: "smtp.example.com", port: 587, username: "u", password: "p" },
  },
  "integrations.check (webhook address)": {
    schema: R.CredentialsSchema,
    call: (c) => c.integrations.check("webhook", { webhook: "https://hooks.example.com/a" }),
    method: "POST", path: "/webhook/check", encoding: "json", body: { webhook: "https://hooks.example.com/a" },
  },
  "integrations.authorizeURL": {
    schema: R.OAuthAuthorizeQuerySchema,
    call: (c) => c.integrations.authorizeURL("mailchimp", { integrationID: "i1", name: "Newsletter" }),
    method: "GET", path: "/oauth/mailchimp/authorize", query: { integrationID: "i1", name: "Newsletter" }, encoding: "none",
    headers: { accept: "application/json" },
    answer: { body: { success: { url: "https://login.example.com/oauth2/authorize?state=s" } } },
  },
  "integrations.authorizeURL (no query)": {
    schema: R.OAuthAuthorizeQuerySchema,
    call: (c) => c.integrations.authorizeURL("zoom"), method: "GET", path: "/oauth/zoom/authorize", query: {}, encoding: "none",
    headers: { accept: "application/json" },
  },
  "integrations.completeOAuth": {
    schema: R.OAuthCallbackRequestSchema,
    call: (c) => c.integrations.completeOAuth("mailchimp", { code: "c1", state: "s1" }),
    method: "POST", path: "/oauth/mailchimp/callback", encoding: "json", body: { code: "c1", state: "s1" },
  },
  "integrations.completeOAuth (Twilio)": {
    schema: R.OAuthCallbackRequestSchema,
    call: (c) => c.integrations.completeOAuth("twilio", { AccountSid: "AC1" }),
    method: "POST", path: "/oauth/twilio/callback", encoding: "json", body: { AccountSid: "AC1" },
  },
  "integrations.sheets (worksheets)": {
    call: (c) => c.integrations.sheets("i1", "s1"), method: "GET", path: "/sheets/i1/s1", encoding: "none",
  },
  "integrations.sheets (headers, drive)": {
    schema: R.SheetsQuerySchema,
    call: (c) => c.integrations.sheets("i1", "s1", "Sheet 1", { drive: "d1" }),
    method: "GET", path: "/sheets/i1/s1/Sheet%201", query: { drive: "d1" }, encoding: "none",
  },
};
