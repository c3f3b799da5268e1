import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CoOrganizerSchema } from "./coOrganizer.js";
import { issuePath } from "./test-support/issuePath.js";

const valid = { webinarId: "w_1", tenantId: "t_9", name: "Grace", email: "grace@example.com" };

describe("CoOrganizerSchema", () => {
  it("parses a valid co-organizer", () => {
    expect(v.parse(CoOrganizerSchema, valid)).toEqual(valid);
  });

  it("rejects a bad email, naming the field", () => {
    expect(issuePath(CoOrganizerSchema, { ...valid, email: "grace@" })).toBe("email");
  });

  it("requires every field", () => {
    expect(issuePath(CoOrganizerSchema, { ...valid, tenantId: undefined })).toBe("tenantId");
    expect(issuePath(CoOrganizerSchema, { ...valid, name: "   " })).toBe("name");
    expect(issuePath(CoOrganizerSchema, { ...valid, webinarId: "" })).toBe("webinarId");
  });
});
