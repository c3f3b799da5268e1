import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { credentialSchemaFor } from "./credentialSchemaFor.js";
import { INTEGRATION_KINDS, type IntegrationKind } from "./kinds.js";

function check(kind: IntegrationKind, input: unknown) {
  const result = v.safeParse(credentialSchemaFor(kind), input);
  return result.success
    ? { ok: true as const, output: result.output }
    : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

describe("credentialSchemaFor: DOMAIN", () => {
  it("accepts a host name, with or without a default redirect", () => {
    expect(check("DOMAIN", { domain: "events.example.com" })).toEqual({
      ok: true,
      output: { domain: "events.example.com" },
    });
    expect(check("DOMAIN", { domain: " events.example.com ", defaultRedirect: "www.example.com" })).toEqual({
      ok: true,
      output: { domain: "events.example.com", defaultRedirect: "www.example.com" },
    });
    expect(check("DOMAIN", { domain: "events.example.com", defaultRedirect: "" }).ok).toBe(true);
  });

  it("refuses a missing domain or one that is a URL, saying what to type", () => {
    expect(check("DOMAIN", {})).toEqual({ ok: false, messages: ["Enter the domain"] });
    expect(check("DOMAIN", { domain: "https://events.example.com" })).toEqual({
      ok: false,
      messages: ["Domain must be a host name such as events.example.com, without http:// or a path"],
    });
  });

  it("refuses a default redirect that is not a host name", () => {
    expect(check("DOMAIN", { domain: "events.example.com", defaultRedirect: "example" })).toEqual({
      ok: false,
      messages: ["Default redirect must be a host name such as www.example.com, without http:// or a path"],
    });
  });
});

describe("credentialSchemaFor: accountType", () => {
  it("accepts the Mailgun regions us and eu only", () => {
    const mailgun = { api_key: "key-1", domain: "mg.example.com" };
    expect(check("MAILGUN", { ...mailgun, accountType: "eu" }).ok).toBe(true);
    for (const accountType of ["intl", "US", undefined]) {
      expect(check("MAILGUN", { ...mailgun, accountType })).toEqual({
        ok: false,
        messages: ["Choose US or EU as the account region"],
      });
    }
  });

  it("accepts the voice-broadcast regions intl (Global) and us only", () => {
    const clicksend = { api_username: "host", key: "k" };
    expect(check("CLICKSEND", { ...clicksend, accountType: "intl" }).ok).toBe(true);
    expect(check("CLICKSEND", { ...clicksend, accountType: "eu" })).toEqual({
      ok: false,
      messages: ["Choose Global or US as the account region"],
    });
  });
});

describe("credentialSchemaFor: SMTP port", () => {
  const smtp = { address: "smtp.example.com", username: "u", password: "p" };
  it.each([["587", 587], [465, 465], ["1", 1], ["65535", 65535]])("accepts port %j", (port, out) => {
    const result = check("SMTP", { ...smtp, port });
    expect(result.ok && result.output.port).toBe(out);
  });
  it("asks for a missing port", () => {
    expect(check("SMTP", smtp)).toEqual({ ok: false, messages: ["Enter the port"] });
    expect(check("SMTP", { ...smtp, port: " " })).toEqual({
      ok: false,
      messages: ["Port must be a whole number from 1 to 65535, such as 587"],
    });
  });
  it.each([["0"], [65536], ["smtp"], [25.5], [true]])("refuses port %j", (port) => {
    expect(check("SMTP", { ...smtp, port })).toEqual({
      ok: false,
      messages: ["Port must be a whole number from 1 to 65535, such as 587"],
    });
  });
});

describe("credentialSchemaFor: required fields and formats", () => {
  it("requires every required field and names each one", () => {
    expect(check("AMAZONSES", { aws_region: "us-east-1" })).toEqual({
      ok: false,
      messages: ["Enter the access key ID", "Enter the secret access key"],
    });
    expect(check("ACTIVECAMPAIGN", { api_url: "   ", api_key: "k" })).toEqual({
      ok: false,
      messages: ["Enter the API URL"],
    });
  });

  it("checks URLs and AWS regions", () => {
    expect(check("ACTIVECAMPAIGN", { api_url: "youraccount.api-us1.com", api_key: "k" }).ok).toBe(false);
    expect(check("ACTIVECAMPAIGN", { api_url: "https://youraccount.api-us1.com", api_key: "k" }).ok).toBe(true);
    const ses = { aws_access_key_id: "AKIA", aws_secret_access_key: "s" };
    expect(check("AMAZONSES", { ...ses, aws_region: "Virginia" })).toEqual({
      ok: false,
      messages: ["Region must be an AWS region code such as us-east-1"],
    });
    expect(check("AMAZONSES", { ...ses, aws_region: "eu-west-1" }).ok).toBe(true);
  });

  it("drops keys of other kinds and accepts nothing for kinds without a form", () => {
    expect(check("ONESIGNAL", { app_id: "a", rest_api_key: "r", api_key: "x" })).toEqual({
      ok: true,
      output: { app_id: "a", rest_api_key: "r" },
    });
    expect(check("ZOOM", {})).toEqual({ ok: true, output: {} });
  });

  it("builds a schema for every kind", () => {
    for (const kind of INTEGRATION_KINDS) expect(credentialSchemaFor(kind).type).toBe("object");
  });
});

describe("credentialSchemaFor: SMTP sender", () => {
  const smtp = { address: "smtp.sendgrid.net", port: "587", username: "apikey", password: "SG.secret" };
  const check = (fields: Record<string, unknown>) => v.safeParse(credentialSchemaFor("SMTP"), fields);

  it("takes a From address and name beside a login that is no email address", () => {
    const result = check({ ...smtp, fromEmail: "events@acme.example", fromName: "Acme Events" });
    expect(result.success && result.output).toMatchObject({ username: "apikey", fromEmail: "events@acme.example", fromName: "Acme Events" });
    expect(check(smtp).success).toBe(true);
  });

  it("refuses a From address that is no email address, naming it", () => {
    expect(check({ ...smtp, fromEmail: "apikey" }).issues?.[0]?.message).toBe(
      "From address must be an email address such as events@example.com",
    );
  });
});
