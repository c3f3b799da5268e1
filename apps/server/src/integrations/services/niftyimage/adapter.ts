import type { IntegrationAdapter, ServiceContext } from "../types.js";

/**
 * NiftyImages REST API v1 (https://api.niftyimages.com): JSON only, the API key in the `ApiKey`
 * header (the first of the three ways its documentation gives). The check reads the account's
 * widgets; images are listed from `/v1/Images` and deleted by their key. The image list's field
 * names vary in the published samples, so both spellings are read.
 */
const headers = (ctx: ServiceContext) => ({ ApiKey: ctx.credentials.api_key ?? "" });

type ImageRow = Record<string, unknown>;
const text = (row: ImageRow, ...names: string[]) => {
  const found = names.map((name) => row[name]).find((value) => typeof value === "string" || typeof value === "number");
  return found === undefined ? "" : String(found);
};

export const niftyImage: IntegrationAdapter = {
  async check(ctx) {
    await ctx.call(ctx.url("https://api.niftyimages.com/v1/Widgets"), { headers: headers(ctx) });
  },
  async lists(ctx) {
    const rows = await ctx.call<ImageRow[]>(ctx.url("https://api.niftyimages.com/v1/Images"), { headers: headers(ctx) });
    const images = (Array.isArray(rows) ? rows : []).map((row) => ({
      id: text(row, "ImageKey", "Key", "id"),
      name: text(row, "Name", "name"),
      url: text(row, "ImageUrl", "Url", "url"),
    }));
    return { images: images.filter((image) => image.id !== "") };
  },
  async deleteImage(ctx, imageKey) {
    await ctx.call(ctx.url(`https://api.niftyimages.com/v1/Images/${encodeURIComponent(imageKey)}`), {
      method: "DELETE",
      headers: headers(ctx),
    });
  },
};
