import * as v from "valibot";
import {
  AddAutoFieldRequestSchema,
  AddFieldRequestSchema,
  AddTagRequestSchema,
  BulkTagsRequestSchema,
  GetListsRequestSchema,
  normalizeTagName,
  type ServiceList,
} from "@cuepoint/sdk";
import { defineRoute } from "../../http/route.js";
import { throughService } from "../credentials.js";
import { kindFromPath } from "../kinds.js";
import { addToCachedList, cachedLists, storeLists } from "../listCache.js";
import { loadService, requireOperation, type Service } from "../service.js";
import { updateIntegration } from "../store.js";
import type { AppDeps } from "../../deps.js";
import { ack, AckAnswer } from "../../http/answers.js";

const TAG = "Integrations";
const KIND_NOTE =
  "`{kind}` is the lower-case kind (or its API path, `fbaudience`); an `integrationID` of another kind answers " +
  "400, one that is not the account's 404. An operation the kind's service does not offer answers 400 on " +
  "`integrationID`, saying what the kind supports. " +
  "A refusal by the service answers 422 with its own words, an unreachable service 502.";
const ServiceListSchema = v.looseObject({ id: v.string(), name: v.string() });

const getLists = defineRoute({
  method: "POST",
  path: "/:kind/getlists",
  operationId: "integrations.getLists",
  tag: TAG,
  summary: "The service's lists, tags, campaigns… for action forms",
  description:
    "Answers an object keyed by list name — the catalogue's `list` names (`lists`, `tags`, `automations`, " +
    "`audiences`, `sheets`, `images`…) — each an array of `{ id, name, … }` (Mailchimp tags carry their " +
    "`listID`). Answered from the server's cache unless `refresh` is true or the cache is over a day old; the " +
    "`x-lists-fetched-at` header says when they were fetched. NIFTYIMAGE's refresh also updates the " +
    "integration's `images`. Only kinds whose SDK catalogue entry has `lists: true` (`hasServiceLists`) read " +
    `lists; the others answer 400 saying what the kind supports, so hosts need not ask. ${KIND_NOTE}`,
  access: "integrations:read",
  body: GetListsRequestSchema,
  encoding: "multipart",
  answer: { description: "Lists by name.", schema: v.object({ success: v.record(v.string(), v.array(ServiceListSchema)) }) },
  async handle({ body, params, caller, deps, c }) {
    const service = await loadService(deps, caller.accountId, body.integrationID, kindFromPath(params.kind));
    const { orm } = deps.db;
    const now = deps.config.now();
    const id = service.loaded.row.id;
    const cached = body.refresh ? undefined : await cachedLists(orm, caller.accountId, id, now);
    if (cached) {
      c.header("x-lists-fetched-at", cached.fetchedAt.toISOString());
      return { success: cached.lists };
    }
    const lists = await throughService(() => requireOperation(service, "lists", "Reading lists")(service.ctx));
    await storeLists(orm, caller.accountId, id, lists, now);
    if (service.loaded.kind === "NIFTYIMAGE" && lists.images) {
      const images = Object.fromEntries(lists.images.map((image) => [image.id, { url: image.url, name: image.name }]));
      await updateIntegration(orm, service.loaded, { images: images as Record<string, { url?: string; name?: string }> }, now);
    }
    c.header("x-lists-fetched-at", now.toISOString());
    return { success: lists };
  },
});

const addField = defineRoute({
  method: "POST",
  path: "/:kind/addfield",
  operationId: "integrations.addField",
  tag: TAG,
  summary: "Add a custom field to a list of the service",
  description:
    "ActiveCampaign: a text field (personalisation tag from the name) linked to the list; Mailchimp: a text merge " +
    `field (merge tag: the name's first 10 capitals and digits). Failure answers the service's message. ${KIND_NOTE}`,
  access: "integrations:write",
  body: AddFieldRequestSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, params, caller, deps }) {
    const service = await loadService(deps, caller.accountId, body.integrationID, kindFromPath(params.kind));
    const add = requireOperation(service, "addField", "Adding fields");
    await throughService(() => add(service.ctx, String(body.listID), body.name));
    return ack(`The field "${body.name}" is added.`);
  },
});

const addAutoField = defineRoute({
  method: "POST",
  path: "/:kind/addautofield",
  operationId: "integrations.addAutoField",
  tag: TAG,
  summary: "Add the webinar fields to a list of the service",
  description:
    "Adds the fields timeline emails of the service can use, skipping those already there: join link (JOINLINK), " +
    "replay link (REPLAYLINK), date (WEBDATE), time (WEBTIME), time zone (WEBTZ), subject (WEBSUBJECT). " +
    KIND_NOTE,
  access: "integrations:write",
  body: AddAutoFieldRequestSchema,
  encoding: "multipart",
  answer: { description: "Confirmation naming the fields added.", schema: AckAnswer },
  async handle({ body, params, caller, deps }) {
    const service = await loadService(deps, caller.accountId, body.integrationID, kindFromPath(params.kind));
    const add = requireOperation(service, "addAutoFields", "Adding the webinar fields");
    const added = await throughService(() => add(service.ctx, String(body.listID)));
    return ack(added.length > 0 ? `Added: ${added.join(", ")}.` : "The list already has the webinar fields.");
  },
});

/**
 * Adds one tag unless the cached tags already hold it (same name, same list where tags are per
 * list), so adding twice answers the same tag instead of a duplicate at the service.
 */
async function addOneTag(deps: AppDeps, service: Service, listID: string, name: string): Promise<ServiceList> {
  const { row } = service.loaded;
  const cached = await cachedLists(deps.db.orm, row.accountId, row.id, deps.config.now());
  const existing = cached?.lists.tags?.find(
    (tag) => normalizeTagName(tag.name) === name && (tag.listID === undefined || String(tag.listID) === listID),
  );
  if (existing) return existing;
  const add = requireOperation(service, "addTag", "Adding tags");
  const tag = await throughService(() => add(service.ctx, listID, name));
  await addToCachedList(deps.db.orm, row.accountId, row.id, "tags", tag);
  return tag;
}

const addTag = defineRoute({
  method: "POST",
  path: "/:kind/addtag",
  operationId: "integrations.addTag",
  tag: TAG,
  summary: "Add a tag at the service (lower-cased, spec §5)",
  description:
    "The name is lower-cased. A tag already in the cached tags is answered as it is. ActiveCampaign tags are " +
    `account-wide (\`listID\` is not used); Mailchimp tags belong to the audience \`listID\`. ${KIND_NOTE}`,
  access: "integrations:write",
  body: AddTagRequestSchema,
  encoding: "multipart",
  answer: { description: "The tag.", schema: v.object({ success: ServiceListSchema }) },
  async handle({ body, params, caller, deps }) {
    const service = await loadService(deps, caller.accountId, body.integrationID, kindFromPath(params.kind));
    return { success: await addOneTag(deps, service, String(body.listID), normalizeTagName(body.name)) };
  },
});

const bulkTags = defineRoute({
  method: "POST",
  path: "/tags",
  operationId: "integrations.bulkTags",
  tag: TAG,
  summary: "Add several tags to an integration's service at once",
  description:
    "Tags are lower-cased and added one after the other; ones already cached are not added again. Kinds whose " +
    "tags belong to a list (Mailchimp) need `/{kind}/addtag` with a `listID`. Answers the tags as `tags`. " +
    KIND_NOTE,
  access: "integrations:write",
  body: BulkTagsRequestSchema,
  answer: {
    description: "Confirmation and the tags.",
    schema: v.object({ success: v.literal(true), message: v.string(), tags: v.array(ServiceListSchema) }),
  },
  async handle({ body, caller, deps }) {
    const service = await loadService(deps, caller.accountId, body.integrationID);
    const tags: ServiceList[] = [];
    for (const name of new Set(body.tags.map(normalizeTagName))) tags.push(await addOneTag(deps, service, "", name));
    return { ...ack(`${tags.length} tag${tags.length === 1 ? "" : "s"} ready.`), tags };
  },
});

export const integrationListRoutes = [getLists, addField, addAutoField, addTag, bulkTags];
