import { describe, expect, it } from "vitest";
import { checkGuard, shouldRedirectOnUnauthorized, skipsSessionCheck, type GuardResult } from "./guards.js";

describe("checkGuard", () => {
  it.each<[string, boolean, string | undefined, GuardResult]>([
    ["auth", true, "/leads", { allow: true }],
    ["auth", false, "/leads", { allow: false, redirect: "/login" }],
    ["auth", false, undefined, { allow: false, redirect: "/login" }],
    ["auth", false, "/", { allow: false, redirect: "/login" }],
    ["noauth", false, "/login", { allow: true }],
    ["noauth", true, "/login", { allow: false, redirect: "/" }],
    ["noauth", true, undefined, { allow: false, redirect: "/" }],
    // a route can never redirect to itself
    ["auth", false, "/login/?next=x", { allow: true }],
    ["noauth", true, "/", { allow: true }],
    ["noauth", true, "/#top", { allow: true }],
  ])("%s, loggedIn %s, path %j", (guard, loggedIn, path, expected) => {
    expect(checkGuard(guard, path === undefined ? { loggedIn } : { loggedIn, path })).toEqual(expected);
  });

  it.each([["admin"], [""], ["Auth"], ["noAuth"]])("unknown guard %j throws", (guard) => {
    expect(() => checkGuard(guard, { loggedIn: true, path: "/" })).toThrow(
      new Error(`Unknown route guard: "${guard}"`),
    );
  });

  it("throws even when the user would have been redirected", () => {
    expect(() => checkGuard("x", { loggedIn: false })).toThrow('Unknown route guard: "x"');
  });
});

describe("skipsSessionCheck", () => {
  it.each([
    ["/login", true],
    ["/login/", true],
    ["/login?next=%2Fleads", true],
    ["/invoker", true],
    ["/invoker#x", true],
    ["login", true],
    ["/", false],
    ["/landing", false],
    ["/forgotPassword", false],
    ["/loginhelp", false],
    ["/timelines/login", false],
  ])("%s → %s", (path, skips) => {
    expect(skipsSessionCheck(path)).toBe(skips);
  });
});

describe("shouldRedirectOnUnauthorized", () => {
  it.each([
    ["/leads", true],
    ["/", true],
    ["/login", true],
    ["/invoker", false],
    ["/invoker?id=1", false],
    ["/webinar/invoker-test", false],
    ["/Invoker", true],
  ])("%s → %s", (path, redirect) => {
    expect(shouldRedirectOnUnauthorized(path)).toBe(redirect);
  });
});
