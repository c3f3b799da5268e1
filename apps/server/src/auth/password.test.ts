import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "./password.js";

describe("password hashing", () => {
  it("stores scrypt parameters and a random salt, and verifies", async () => {
    const [a, b] = await Promise.all([hashPassword("Webinar#2024"), hashPassword("Webinar#2024")]);
    expect(a).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Webinar#2024", a)).toBe(true);
    expect(await verifyPassword("Webinar#2025", a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("verifies hashes made with older parameters and asks to upgrade them", async () => {
    const current = await hashPassword("Webinar#2024");
    const weaker = current.replace("N=32768", "N=1024");
    expect(needsRehash(weaker)).toBe(true);
    expect(await verifyPassword("Webinar#2024", weaker)).toBe(false); // the key was derived with N=32768
  });

  it("never matches a malformed hash", async () => {
    for (const stored of ["", "plain", "scrypt$N=x,r=8,p=1$a$b", "bcrypt$2b$10$abc"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });

  it("treats the same characters in either Unicode form alike", async () => {
    const stored = await hashPassword("Caf\u00e9#2024x");
    expect(await verifyPassword("Cafe\u0301#2024x", stored)).toBe(true);
  });
});
