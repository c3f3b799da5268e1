import * as v from "valibot";
import { BannerContentSchema, createBannerContent } from "@cuepoint/sdk";
import { readSetting, SETTING } from "../db/settings.js";
import { defineRoute } from "../http/route.js";

const getBanner = defineRoute({
  method: "GET",
  path: "/localization/banner",
  operationId: "banner.get",
  tag: "Banner",
  summary: "The announcement banner",
  description:
    "From the `settings` table (key `banner`; set it with `pnpm cuepoint banner set …`). With none stored, " +
    "the SDK's defaults: colour #2B67AA and an empty `fullHeading`, which means no banner is shown. " +
    "`connectedHeading` and `connectedMobileHeading` (ours) are read instead by an account with a connected " +
    "integration (the SDK's `bannerHeadings`), for words that stop being true once messages can go out.",
  access: "public",
  answer: { description: "The banner content.", schema: v.object({ content: BannerContentSchema }) },
  async handle({ deps }) {
    const stored = v.safeParse(BannerContentSchema, (await readSetting(deps.db.orm, SETTING.banner)) ?? {});
    if (!stored.success) console.error("The stored banner is not valid; showing none:", stored.issues[0].message);
    return { content: stored.success ? stored.output : createBannerContent() };
  },
});

export const bannerRoutes = [getBanner];
