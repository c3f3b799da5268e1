import { describe, expect, it } from "vitest";
import { checkCredentials } from "./credentialForm.js";

describe("checkCredentials", () => {
  it("refuses a domain with a scheme, naming the field with the SDK's message", () => {
    const result = checkCredentials("DOMAIN", { domain: "https://events.example.com" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.domain).toMatch(/host name/);
  });

  it("accepts a domain and drops an empty optional redirect", () => {
    expect(checkCredentials("DOMAIN", { domain: "events.example.com", defaultRedirect: "" })).toEqual({
      ok: true,
      values: { domain: "events.example.com" },
    });
  });

  it("checks the optional redirect when given", () => {
    const result = checkCredentials("DOMAIN", { domain: "events.example.com", defaultRedirect: "not a host" });
    expect(result.ok ? {} : result.errors).toHaveProperty("defaultRedirect");
  });

  it("needs every required field", () => {
    const result = checkCredentials("MAILGUN", {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toContain("api_key");
  });
});

describe("the SMTP form's sender", () => {
  it("takes a From address and name beside a login that is no email address, and checks the address", () => {
    const smtp = { address: "smtp.sendgrid.net", port: "587", username: "apikey", password: "SG.x" };
    expect(checkCredentials("SMTP", { ...smtp, fromEmail: "events@acme.example", fromName: "Acme Events" })).toMatchObject({
      ok: true,
      values: { username: "apikey", fromEmail: "events@acme.example", fromName: "Acme Events" },
    });
    const result = checkCredentials("SMTP", { ...smtp, fromEmail: "apikey" });
    expect(result.ok ? {} : result.errors).toEqual({ fromEmail: "From address must be an email address such as events@example.com" });
  });
});
