import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_CODES, checkPassword } from "@cuepoint/sdk";
import type { Database } from "../db/types.js";
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from "../seed/seedDemo.js";
import { openTestDatabase } from "../test-support/testDatabase.js";
import { findUserByEmail } from "../users/users.js";
import { verifyPassword } from "../auth/password.js";
import { readSetting, SETTING } from "../db/settings.js";
import { runCli } from "./runCli.js";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, db, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("cuepoint user create", () => {
  it("creates an account and a user who can log in, role by name", async () => {
    const result = await cli(
      "user",
      "create",
      "--email",
      "Host@Example.com",
      "--password",
      "Webinar#2024",
      "--role",
      "advanced",
      "--name",
      "Host",
    );
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toMatch(/^Created Host@Example\.com \(role advanced, code 1\) in account [0-9a-f-]{36}\.$/);
    const user = await findUserByEmail(db.orm, "host@example.com");
    expect(user).toMatchObject({ role: ROLE_CODES.advanced, name: "Host" });
    expect(await verifyPassword("Webinar#2024", user?.passwordHash ?? "")).toBe(true);
  });

  it("takes a role code too", async () => {
    expect(
      (await cli("user", "create", "--email", "free@example.com", "--password", "Webinar#2024", "--role", "00")).code,
    ).toBe(0);
    expect((await findUserByEmail(db.orm, "free@example.com"))?.role).toBe(ROLE_CODES.free);
  });

  it("switches feature flags on with --feature, and refuses unknown ones", async () => {
    const args = ["user", "create", "--password", "Webinar#2024", "--role", "advanced"];
    expect((await cli(...args, "--email", "uploader@example.com", "--feature", "registrantUpload")).code).toBe(0);
    expect((await findUserByEmail(db.orm, "uploader@example.com"))?.features).toEqual({ registrantUpload: true });
    expect((await cli(...args, "--email", "plain@example.com")).code).toBe(0);
    expect((await findUserByEmail(db.orm, "plain@example.com"))?.features).toEqual({});
    expect(await cli(...args, "--email", "odd@example.com", "--feature", "teleport")).toEqual({
      code: 1,
      out: "",
      err: '--feature: Unknown feature "teleport". Use one of: registrantUpload.',
    });
    expect(await findUserByEmail(db.orm, "odd@example.com")).toBeUndefined();
  });

  it("refuses a weak password with the SDK rule's message, and creates nothing", async () => {
    const result = await cli(
      "user",
      "create",
      "--email",
      "weak@example.com",
      "--password",
      "password",
      "--role",
      "beginner",
    );
    const rule = checkPassword("password");
    expect(result).toEqual({ code: 1, out: "", err: `--password: ${rule.ok ? "" : rule.message}` });
    expect(await findUserByEmail(db.orm, "weak@example.com")).toBeUndefined();
  });

  it("refuses unknown roles, taken emails and missing options", async () => {
    expect(
      (await cli("user", "create", "--email", "x@example.com", "--password", "Webinar#2024", "--role", "king")).err,
    ).toMatch(/^--role: Unknown role "king"/);
    expect(
      (await cli("user", "create", "--email", "HOST@example.com", "--password", "Webinar#2024", "--role", "free")).err,
    ).toBe("A user with the email HOST@example.com already exists.");
    expect((await cli("user", "create", "--email", "y@example.com")).code).toBe(2);
    expect((await cli("frobnicate")).code).toBe(2);
  });
});

describe("cuepoint seed-demo and banner", () => {
  it("seeds the demo account once", async () => {
    expect((await cli("seed-demo")).out).toBe(`Created the demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
    expect((await cli("seed-demo")).out).toBe(`The demo account ${DEMO_EMAIL} already exists.`);
    const again = await seedDemo(db.orm);
    expect(again.created).toBe(false);
    expect(again.user.role).toBe(ROLE_CODES.advanced);
    expect(await verifyPassword(DEMO_PASSWORD, again.user.passwordHash)).toBe(true);
  });

  it("sets the banner through the SDK schema, and clears it", async () => {
    expect((await cli("banner", "set", "--full-heading", "Hello", "--color", "red")).code).toBe(1);
    expect(
      (await cli("banner", "set", "--full-heading", "Hello", "--link", "https://cuepoint.example/news")).code,
    ).toBe(0);
    expect(await readSetting(db.orm, SETTING.banner)).toMatchObject({ fullHeading: "Hello", color: "#2B67AA" });
    await cli("banner", "clear");
    expect(await readSetting(db.orm, SETTING.banner)).toBeUndefined();
  });
});
