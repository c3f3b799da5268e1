import * as v from "valibot";
import { defineRoute } from "../http/route.js";

const JoinDomainSchema = v.object({ domain: v.string(), url: v.string() });

const list = defineRoute({
  method: "GET",
  path: "/joindomains",
  operationId: "timelines.joinDomains",
  tag: "Timelines",
  summary: "The join domains this server's operator listed (spec §9: at most six)",
  description:
    "Host names the operator pointed at this server (`CUEPOINT_JOIN_DOMAINS`), in the operator's order: " +
    "`domain` is the value a timeline's `general.joinDomain` takes (\"\" is the server's own address), `url` " +
    "where its links go. A timeline with a join domain has its hosted registration page, personal join and " +
    "replay links (mails, merge tags, calendar entries) and snippets there. Empty when the operator listed none. " +
    "See apps/server/src/join-domain/README.md.",
  access: "timelines:read",
  answer: { description: "The join domains.", schema: v.object({ success: v.array(JoinDomainSchema) }) },
  async handle({ deps }) {
    return { success: deps.config.joinDomains.map((d) => ({ domain: d.domain, url: d.url })) };
  },
});

export const joinDomainRoutes = [list];
