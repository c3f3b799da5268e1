import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "./test-support/issuePath.js";
import { isBetaUser, UserSchema } from "./user.js";

const minimal = {
  role: "2",
  email: "host@example.com",
  name: "Ada Host",
  created_at: "2023-11-30T10:00:00.000000Z",
  user_uid: "u_123",
};

describe("UserSchema", () => {
  it("parses a minimal user and fills the defaults", () => {
    expect(v.parse(UserSchema, minimal)).toEqual({
      ...minimal,
      domain: "",
      intercom_hash: "",
      beta: 0,
      features: { registrantUpload: false },
      profile: { userSkillLevel: "beginner", theme: "system" },
      agreed_current_terms: false,
    });
  });

  it("keeps feature flags the spec does not name", () => {
    const user = v.parse(UserSchema, { ...minimal, features: { registrantUpload: true, sms: true } });
    expect(user.features).toEqual({ registrantUpload: true, sms: true });
  });

  it("accepts every role code of spec §6 and only those", () => {
    for (const role of ["99", "00", "0", "1", "2", "3", "-1", "5", "13", "8", "9", "7"]) {
      expect(v.is(UserSchema, { ...minimal, role })).toBe(true);
    }
    expect(issuePath(UserSchema, { ...minimal, role: "4" })).toBe("role");
    expect(issuePath(UserSchema, { ...minimal, role: 99 })).toBe("role");
  });

  it("names the field that is wrong", () => {
    expect(issuePath(UserSchema, { ...minimal, email: "nope" })).toBe("email");
    expect(
      issuePath(UserSchema, { ...minimal, profile: { userSkillLevel: "guru" } }),
    ).toBe("profile.userSkillLevel");
    const { user_uid: _omitted, ...withoutUid } = minimal;
    expect(issuePath(UserSchema, withoutUid)).toBe("user_uid");
  });
});

describe("isBetaUser", () => {
  it("is true only for beta equal to 1", () => {
    expect(isBetaUser(v.parse(UserSchema, { ...minimal, beta: 1 }))).toBe(true);
    expect(isBetaUser(v.parse(UserSchema, minimal))).toBe(false);
    expect(isBetaUser({ beta: 2 })).toBe(false);
  });
});
