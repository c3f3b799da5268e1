import { eq } from "drizzle-orm";
import * as v from "valibot";
import { media } from "../../db/schema/index.js";
import { forbidden, notFound } from "../../http/errors.js";
import { isUuid } from "../../http/ids.js";
import { defineRoute } from "../../http/route.js";
import { checkMediaLink } from "../publicLink.js";
import { serveFile } from "../serveFile.js";

const MediaLinkQuerySchema = v.object({
  expires: v.optional(v.string(), ""),
  signature: v.optional(v.string(), ""),
});

const signedMedia = defineRoute({
  method: "GET",
  path: "/public/media/:id",
  operationId: "media.signedLink",
  tag: "Media",
  summary: "A media-library image or audio file through a signed, expiring link (for services that fetch it: Twilio MMS, Drop Cowboy voicemail)",
  description:
    "No login: the link itself is the permission. The server makes these links (`media/publicLink.ts`) when a " +
    "service must fetch a file of the account, e.g. the image of an MMS or the audio of a ringless voicemail: `expires` (unix seconds) and `signature` " +
    "(HMAC-SHA256 of `{id}.{expires}` under a key derived from the server's secret key). A changed id, expiry or " +
    "signature answers 403; an expired link 403 saying so; a file deleted since, or that is not an image or audio file, 404. " +
    "Range requests as for the owner's download.",
  access: "public",
  query: MediaLinkQuerySchema,
  answer: { description: "The image or audio file.", contentType: "application/octet-stream" },
  async handle({ params, query, deps, c }) {
    const id = params.id ?? "";
    const verdict = isUuid(id) ? await checkMediaLink(deps.db.orm, id, query, deps.config.now()) : "invalid";
    if (verdict === "expired") throw forbidden("This media link has expired.");
    if (verdict === "invalid") throw forbidden("This media link is not valid.");
    const [row] = await deps.db.orm.select().from(media).where(eq(media.id, id));
    if (!row?.storageKey || (row.type !== "image" && row.type !== "audio")) throw notFound("This file is no longer in the media library.");
    return serveFile(deps.media, row, c.req.header("range"));
  },
});

/** Public, signed links to media files (below /api/public/media). */
export const mediaLinkRoutes = [signedMedia];
