import type { IntegrationService } from "../types.js";
import { deleteContact, moveList } from "./actions.js";
import { folderPath, readLists } from "./api.js";

/** iContact (REST API 2.2, application id + API username + API password): see README.md. */
export const iContactService: IntegrationService = {
  kinds: ["ICONTACT"],
  async check(ctx) {
    const folder = await folderPath(ctx);
    return `Connected to the iContact account ${ctx.credentials.account_id} (client folder ${folder.split("/").at(-1)}).`;
  },
  async lists(ctx) {
    return { lists: await readLists(ctx) };
  },
  actions: { moveList, delete: deleteContact },
};
