import type { IntegrationService } from "../types.js";
import { readBrands } from "./brands.js";
import { sendRvm } from "./sendRvm.js";
import { sendSms } from "./sendSms.js";

/**
 * Drop Cowboy's API v1 with the team's Team ID and secret: the connection check and the brands
 * list (`GET /v1/brand`), `sendRvm` (`POST /v1/rvm`, an audio file of the media library by a
 * signed, expiring link) and `sendsms` (`POST /v1/sms`). Its API has no voice call, so the
 * catalogue offers no `sendVoice`: see README.md.
 */
export const dropCowboyService: IntegrationService = {
  kinds: ["DROPCOWBOY"],
  async check(ctx) {
    const brands = await readBrands(ctx);
    const names = brands.map((brand) => brand.name).join(", ");
    return brands.length === 0
      ? "Connected to Drop Cowboy. The team has no brand in its Trust Center yet: ringless voicemail needs one."
      : `Connected to Drop Cowboy: ${brands.length === 1 ? "brand" : "brands"} ${names}.`;
  },
  async lists(ctx) {
    return { brands: await readBrands(ctx) };
  },
  actions: { sendRvm, sendsms: sendSms },
};
