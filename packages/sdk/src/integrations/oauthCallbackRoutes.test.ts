import { describe, expect, it } from "vitest";
import { integrationCatalogue } from "./integrationCatalogue.js";
import { oauthCallbackRoutes } from "./oauthCallbackRoutes.js";

/** Spec §2 "OAuth callback routes and their query parameters", row by row. */
const SPEC_TABLE: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    "youtubecallback, gotocallback, zoomcallback, zoomautochatcallback, awebercallback, " +
      "getresponsecallback, mailchimpcallback, dripcallback, hubspotcallback, constantcontactcallback, " +
      "slackcallback, googlecalendarcallback, salesmessagecallback, campaignmonitorcallback, " +
      "googlesheetscallback",
    ["code"],
  ],
  ["twiliocallback", ["AccountSid"]],
  ["infusionsoftcallback", ["code", "scope", "state"]],
  ["fbcallback", ["code", "state"]],
];
const specRoutes = SPEC_TABLE.flatMap(([routes, params]) =>
  routes.split(", ").map((route) => [route, params] as const),
);

describe("oauthCallbackRoutes", () => {
  it("has exactly the routes of spec §2 with their exact query parameters", () => {
    expect(Object.keys(oauthCallbackRoutes).sort()).toEqual(specRoutes.map(([r]) => r).sort());
    for (const [route, params] of specRoutes) {
      expect(oauthCallbackRoutes[route as keyof typeof oauthCallbackRoutes].params, route).toEqual(params);
    }
  });

  it("names each route after its kind, except GoTo and Facebook", () => {
    expect(oauthCallbackRoutes.gotocallback.kind).toBe("GOTOWEBINAR");
    expect(oauthCallbackRoutes.fbcallback.kind).toBe("FACEBOOK");
    for (const [route, { kind }] of Object.entries(oauthCallbackRoutes)) {
      if (route === "gotocallback" || route === "fbcallback") continue;
      expect(route).toBe(`${kind.toLowerCase()}callback`);
    }
  });

  it("agrees with the catalogue entries' callbackRoute and callbackParams", () => {
    for (const [route, { kind, params }] of Object.entries(oauthCallbackRoutes)) {
      expect(integrationCatalogue[kind].callbackRoute, kind).toBe(route);
      expect(integrationCatalogue[kind].callbackParams, kind).toEqual(params);
    }
    const withCallback = Object.values(integrationCatalogue).filter((e) => e.callbackRoute);
    expect(withCallback).toHaveLength(Object.keys(oauthCallbackRoutes).length);
  });
});
