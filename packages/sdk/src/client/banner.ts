import type { BannerContent } from "../schemas/index.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { route, type CallOf } from "./route.js";

export interface BannerResource {
  /**
   * `GET /localization/banner`: the announcement banner; no banner when `fullHeading` is empty.
   *
   * @example
   * const { content } = await client.banner.get()
   */
  get(): CuepointPromise<{ content: BannerContent }>;
}

/**
 * `GET /localization/banner`: the announcement banner; no banner when `fullHeading` is empty.
 *
 * @example
 * const { content } = await bannerGet(client)
 */
export const bannerGet: CallOf<BannerResource["get"]> = /* @__PURE__ */ route("GET /localization/banner");

/** The announcement banner (spec §7 "Banner"). */
export const banner = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): BannerResource =>
  group<BannerResource>(call, {
    get: bannerGet,
  });
