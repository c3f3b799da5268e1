import { describe, expectTypeOf, it } from "vitest";
import type { DeliveryPlatform } from "../constants.js";
import type { ActionKey, Integration, IntegrationEntry, IntegrationKind, OAuthCallbackRoute } from "./index.js";
import { integrationCatalogue, oauthCallbackRoutes } from "./index.js";

describe("integration types", () => {
  it("names kinds in upper case only", () => {
    expectTypeOf<"ZOOM">().toExtend<IntegrationKind>();
    expectTypeOf<"zoom">().not.toExtend<IntegrationKind>();
  });

  it("keys the catalogue by every kind", () => {
    expectTypeOf(integrationCatalogue.NIFTYIMAGE).toEqualTypeOf<IntegrationEntry>();
    expectTypeOf<IntegrationEntry["deliveryPlatform"]>().toEqualTypeOf<DeliveryPlatform | undefined>();
    expectTypeOf<"sendsms" | "livechat">().toExtend<ActionKey>();
  });

  it("types callback routes and their kinds", () => {
    expectTypeOf<"gotocallback">().toExtend<OAuthCallbackRoute>();
    expectTypeOf(oauthCallbackRoutes.fbcallback.kind).toEqualTypeOf<"FACEBOOK">();
  });

  it("parses integrations with a boolean connected flag and string credentials", () => {
    expectTypeOf<Integration["connected"]>().toEqualTypeOf<boolean>();
    expectTypeOf<Integration["api_key"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Integration["integrationid"]>().toEqualTypeOf<string>();
  });
});
