import * as v from "valibot";
import { CreateFbAudienceRequestSchema, DeleteNiftyImageRequestSchema, SheetsQuerySchema } from "@cuepoint/sdk";
import { notFound } from "../../http/errors.js";
import { defineRoute, type RouteInput } from "../../http/route.js";
import { throughService } from "../credentials.js";
import { addToCachedList } from "../listCache.js";
import { ServiceError } from "../serviceCall.js";
import { loadService, requireOperation } from "../service.js";
import { loadIntegration, updateIntegration } from "../store.js";
import { ack, AckAnswer } from "../../http/answers.js";

const TAG = "Integrations";
const SERVICE_ERRORS = "A refusal by the service answers 422 with its own words, an unreachable service 502.";

const createFbAudience = defineRoute({
  method: "POST",
  path: "/fbaudience/audience/create",
  operationId: "integrations.createFbAudience",
  tag: TAG,
  summary: "Create a Facebook custom audience in an ad account",
  description:
    "A customer-file custom audience (`subtype=CUSTOM`, `customer_file_source=USER_PROVIDED_ONLY`) in the ad " +
    "account (`act_` is added when missing), through the integration's token. The integration must be " +
    `FACEBOOK (400 on \`integrationID\` otherwise). ${SERVICE_ERRORS}`,
  access: "integrations:write",
  body: CreateFbAudienceRequestSchema,
  encoding: "multipart",
  answer: { description: "The audience.", schema: v.object({ success: v.looseObject({ id: v.string(), name: v.string() }) }) },
  async handle({ body, caller, deps }) {
    const service = await loadService(deps, caller.accountId, body.integrationID, "FACEBOOK");
    const create = requireOperation(service, "createAudience", "Creating audiences");
    const audience = await throughService(() => create(service.ctx, String(body.adAccountId), body.name));
    await addToCachedList(deps.db.orm, caller.accountId, service.loaded.row.id, "audiences", audience);
    return { success: audience };
  },
});

const deleteNiftyImage = defineRoute({
  method: "POST",
  path: "/niftyimage/delete",
  operationId: "integrations.deleteNiftyImage",
  tag: TAG,
  summary: "Delete a NiftyImages image by its address",
  description:
    "Finds the image by `url` in the integration's `images`, deletes it at NiftyImages (one the service no longer " +
    "has counts as deleted) and removes it from `images`. 404 when no image of the integration has that address. " +
    SERVICE_ERRORS,
  access: "integrations:write",
  body: DeleteNiftyImageRequestSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    const service = await loadService(deps, caller.accountId, body.integrationID, "NIFTYIMAGE");
    const images = { ...(service.loaded.row.images ?? {}) };
    const key = Object.keys(images).find((name) => images[name]?.url === body.url);
    if (key === undefined) throw notFound("This integration has no image with this address.");
    const remove = requireOperation(service, "deleteImage", "Deleting images");
    await throughService(() =>
      remove(service.ctx, key).catch((error: unknown) => {
        if (!(error instanceof ServiceError && error.status === 404)) throw error;
      }),
    );
    delete images[key];
    const current = await loadIntegration(deps.db.orm, caller.accountId, service.loaded.row.id);
    await updateIntegration(deps.db.orm, current, { images }, deps.config.now());
    return ack("The image is deleted.");
  },
});

type SheetsQuery = v.InferOutput<typeof SheetsQuerySchema>;

async function sheets({ params, caller, deps }: RouteInput<undefined, SheetsQuery, "integrations:read">) {
  const service = await loadService(deps, caller.accountId, params.integrationID ?? "", "GOOGLESHEETS");
  const spreadsheet = params.spreadsheetID ?? "";
  if (params.worksheet !== undefined) {
    const read = requireOperation(service, "headerRow", "Reading header rows");
    return { success: await throughService(() => read(service.ctx, spreadsheet, params.worksheet ?? "")) };
  }
  const read = requireOperation(service, "worksheets", "Reading worksheets");
  return { success: await throughService(() => read(service.ctx, spreadsheet)) };
}

const SHEETS_NOTE =
  "Path segments are URI-encoded. The integration must be GOOGLESHEETS (400 on `integrationID` otherwise). " +
  "`drive` (a shared drive) is accepted and not needed: the Sheets API finds a spreadsheet by its ID in any drive " +
  `the account can open. ${SERVICE_ERRORS}`;

const worksheets = defineRoute({
  method: "GET",
  path: "/sheets/:integrationID/:spreadsheetID",
  operationId: "integrations.sheets",
  tag: TAG,
  summary: "The worksheets of a Google spreadsheet",
  description: SHEETS_NOTE,
  access: "integrations:read",
  query: SheetsQuerySchema,
  answer: { description: "Worksheet titles, in order.", schema: v.object({ success: v.array(v.string()) }) },
  handle: sheets,
});

const headerRow = defineRoute({
  method: "GET",
  path: "/sheets/:integrationID/:spreadsheetID/:worksheet",
  operationId: "integrations.sheets.worksheet",
  tag: TAG,
  summary: "The header row (row 1) of a worksheet",
  description: `\`client.integrations.sheets(id, spreadsheetID, worksheet)\`. An empty sheet answers []. ${SHEETS_NOTE}`,
  access: "integrations:read",
  query: SheetsQuerySchema,
  answer: { description: "The cells of row 1.", schema: v.object({ success: v.array(v.string()) }) },
  handle: sheets,
});

export const integrationExtraRoutes = [createFbAudience, deleteNiftyImage, worksheets, headerRow];
