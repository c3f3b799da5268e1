import { oauthCallbackRoutes } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { href, mainNavigation, paths as routes, redirects, routeName } from "./paths.js";

const guardOf = (path: string) => routes.find((r) => r.path === path)?.guard;

describe("the route table (spec §2)", () => {
  it("has every auth route of §2", () => {
    const auth = ["/", "/media", "/media-new", "/integrations", "/integrations/add-integration", "/integration", "/leads", "/settings", "/developer", "/developer/endpoints", "/developer/tokens", "/developer/tokens/new", "/webinar/schedule_backup"];
    for (const path of auth) expect(guardOf(path), path).toBe("auth");
  });

  it("has /login as the only noauth route", () => {
    expect(routes.filter((r) => r.guard === "noauth").map((r) => r.path)).toEqual(["/login"]);
  });

  it("has every unguarded route of §2", () => {
    const none = ["/404", "/beginnerWizard", "/forgotPassword", "/invoker", "/landing", "/media-new/audios", "/media-new/images", "/media-new/niftyImages", "/media-new/videos", "/timelineError", "/timelines", "/timelines/:id", "/timelines/wizard", "/webinar/:id", "/webinar/schedule"];
    for (const path of none) expect(guardOf(path), path).toBe("none");
  });

  it("mounts every OAuth callback route of §2, guarded, with its name in the metadata", () => {
    for (const name of Object.keys(oauthCallbackRoutes)) {
      const route = routes.find((r) => r.path === `/${name}`);
      expect(route?.guard, name).toBe("auth");
      expect(route?.meta.callback).toBe(name);
      expect(route?.name).toBe(`${name}___en-US`);
    }
  });

  it("names routes with the locale suffix, uniquely", () => {
    expect(routeName("/")).toBe("index___en-US");
    expect(routeName("/timelines/:id")).toBe("timelines-id___en-US");
    expect(routeName("/developer/tokens/new")).toBe("developer-tokens-new___en-US");
    const names = routes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/___en-US$/);
  });

  it("lists literal paths before the parameter paths they would shadow", () => {
    const index = (path: string) => routes.findIndex((r) => r.path === path);
    expect(index("/timelines/wizard")).toBeLessThan(index("/timelines/:id"));
    expect(index("/webinar/schedule")).toBeLessThan(index("/webinar/:id"));
    expect(index("/webinar/schedule_backup")).toBeLessThan(index("/webinar/:id"));
  });

  it("redirects /upcoming to / and has the main navigation of §2", () => {
    expect(redirects["/upcoming"]).toBe("/");
    expect(mainNavigation.map((i) => [i.label, i.path])).toEqual([
      ["Dashboard", "/"],
      ["Timeline", "/timelines"],
      ["Media", "/media"],
      ["Integrations", "/integrations"],
      ["Leads", "/leads"],
    ]);
  });
});

describe("href", () => {
  it("builds paths from names, parameters and queries", () => {
    expect(href("timelines-id___en-US", { id: 7 })).toBe("/timelines/7");
    expect(href("webinar-id___en-US", { id: "a b" })).toBe("/webinar/a%20b");
    expect(href("leads___en-US", {}, { page: 2, filter: undefined })).toBe("/leads?page=2");
  });

  it("refuses unknown names and missing parameters", () => {
    expect(() => href("nope___en-US")).toThrow('Unknown route name: "nope___en-US"');
    expect(() => href("timelines-id___en-US")).toThrow('Route "timelines-id___en-US" needs the parameter "id"');
  });
});
