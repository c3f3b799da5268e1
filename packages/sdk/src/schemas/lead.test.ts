import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LeadSchema } from "./lead.js";
import { issuePath } from "./test-support/issuePath.js";

describe("LeadSchema", () => {
  it("needs only a uuid and keeps fields the spec does not show", () => {
    expect(v.parse(LeadSchema, { uuid: "r_1", source: "csv" })).toEqual({
      uuid: "r_1",
      source: "csv",
      banned: false,
      customFields: {},
    });
  });

  it("parses the fields the product shows", () => {
    const lead = {
      uuid: "r_1",
      name: "Ann",
      email: "ann@example.com",
      phone: "+15555550100",
      webinarTimeline: "t_1",
      eventID: "w_1",
      banned: true,
      created_at: "2024-02-03T04:05:06Z",
      customFields: { company: "Acme" },
    };
    expect(v.parse(LeadSchema, lead)).toEqual(lead);
  });

  it("names the wrong field", () => {
    expect(issuePath(LeadSchema, { name: "Ann" })).toBe("uuid");
    expect(issuePath(LeadSchema, { uuid: "r_1", banned: "yes" })).toBe("banned");
    expect(issuePath(LeadSchema, { uuid: "r_1", customFields: { age: 30 } })).toBe("customFields.age");
  });
});
