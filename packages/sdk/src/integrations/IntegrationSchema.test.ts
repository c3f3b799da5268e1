import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { IntegrationSchema } from "./IntegrationSchema.js";
import { CREDENTIAL_FIELDS } from "./vocabulary.js";

describe("IntegrationSchema", () => {
  it("parses a listed integration, upper-casing its type and keeping ids as strings", () => {
    const integration = v.parse(IntegrationSchema, {
      integrationid: 42,
      uniqueID: "u-42",
      name: "Main Zoom",
      type: "zoom",
      connected: 1,
    });
    expect(integration).toMatchObject({
      integrationid: "42",
      uniqueID: "u-42",
      name: "Main Zoom",
      type: "ZOOM",
      connected: true,
    });
  });

  it("reads the connected flag as a boolean, false when absent", () => {
    const base = { integrationid: "1", name: "n", type: "SMTP" };
    expect(v.parse(IntegrationSchema, base).connected).toBe(false);
    expect(v.parse(IntegrationSchema, { ...base, connected: "0" }).connected).toBe(false);
    expect(v.parse(IntegrationSchema, { ...base, connected: true }).connected).toBe(true);
    expect(v.safeParse(IntegrationSchema, { ...base, connected: "yes" }).success).toBe(false);
  });

  it("keeps the image service's keyed map of images", () => {
    const integration = v.parse(IntegrationSchema, {
      integrationid: "9",
      name: "Nifty",
      type: "NIFTYIMAGE",
      images: { countdown: { url: "https://img.example.com/a.gif", name: "Countdown", width: 600 } },
    });
    expect(integration.images?.countdown).toEqual({
      url: "https://img.example.com/a.gif",
      name: "Countdown",
      width: 600,
    });
  });

  it("has every credential field as an optional string", () => {
    for (const field of CREDENTIAL_FIELDS) expect(IntegrationSchema.entries, field).toHaveProperty(field);
    const smtp = v.parse(IntegrationSchema, {
      integrationid: "3",
      name: "Mail",
      type: "SMTP",
      address: "smtp.example.com",
      port: 587,
      password: "********",
    });
    expect(smtp).toMatchObject({ address: "smtp.example.com", port: "587", password: "********" });
  });

  it("keeps the last test's error and the timestamps", () => {
    const base = { integrationid: "7", name: "AC", type: "ACTIVECAMPAIGN" };
    const failed = { ...base, last_error: "Invalid API token", created_at: "2026-01-02T03:04:05.000Z", updated_at: "2026-01-03T03:04:05.000Z" };
    expect(v.parse(IntegrationSchema, failed)).toMatchObject(failed);
    expect(v.parse(IntegrationSchema, { ...base, last_error: null }).last_error).toBeNull();
    expect(v.safeParse(IntegrationSchema, { ...base, created_at: "yesterday" }).success).toBe(false);
  });

  it("refuses an integration without id, name or type", () => {
    expect(v.safeParse(IntegrationSchema, { name: "n", type: "ZOOM" }).success).toBe(false);
    expect(v.safeParse(IntegrationSchema, { integrationid: 1, type: "ZOOM" }).success).toBe(false);
    expect(v.safeParse(IntegrationSchema, { integrationid: 1, name: "n" }).success).toBe(false);
  });
});
