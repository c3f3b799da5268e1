import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "../test-support/issuePath.js";
import { IntegrationSettingSchema } from "./integration.js";

describe("IntegrationSettingSchema", () => {
  it("keys options by integrationID, enabled by default, keeping kind-specific options", () => {
    expect(v.parse(IntegrationSettingSchema, { i_42: { listID: "l_1" }, i_7: { enabled: false } })).toEqual({
      i_42: { enabled: true, listID: "l_1" },
      i_7: { enabled: false },
    });
  });

  it("names the wrong field", () => {
    expect(issuePath(IntegrationSettingSchema, { i_1: { enabled: "yes" } })).toBe("i_1.enabled");
    expect(issuePath(IntegrationSettingSchema, { i_1: "on" })).toBe("i_1");
  });
});
