import * as v from "valibot";
import { PageCheckRequestSchema, PageCheckResultSchema } from "@cuepoint/sdk";
import { defineRoute } from "../../http/route.js";
import { linkBase } from "../../config/joinDomains.js";
import { findTimeline } from "../../timelines/store.js";
import { TIMELINES_TAG } from "../../timelines/routes/answers.js";
import { checkPage } from "./pageCheck.js";

const pageCheck = defineRoute({
  method: "POST",
  path: "/webinartimelinemaster/:id/pagecheck",
  operationId: "timelines.pageCheck",
  tag: TIMELINES_TAG,
  summary: '"Test this page": whether the host\'s published page holds a working registration form of this timeline',
  description:
    "The server reads `url` once, as webhooks are called: http(s) only, every address the name resolves to must be " +
    "public (unless the server runs with `CUEPOINT_ALLOW_PRIVATE_TARGETS`), the connection goes to the address " +
    "checked, redirects are not followed (the check says where it points, to test that address), the integrations' " +
    "timeout. It looks for the four ways of the SDK's `registrationSnippets` for this timeline on this server: the " +
    "script tag (embed.js — at the timeline's join domain when it has one — *and* its `data-cuepoint-registration` element), the no-script form (posting to " +
    "`/register/{id}` with an email field; its spam trap checked too) and the iframe (`/register/{id}/frame`, not " +
    "sandboxed out of working). `found` is the first that works (script, form, iframe), null when none does; `checks` " +
    "say what was seen and what is missing (script removed but element kept, another timeline's form, a wrong " +
    "iframe…). A page that cannot be read is a 200 with a failing `fetch` check. 400 on `url` when it is not a web " +
    "address; 404 when the timeline is not the caller's.",
  access: "timelines:read",
  body: PageCheckRequestSchema,
  answer: { description: "What the check found.", schema: v.object({ success: PageCheckResultSchema }) },
  async handle({ params, body, caller, deps }) {
    const timeline = await findTimeline(deps.db.orm, caller, params.id ?? "");
    // The snippets the Code section shows: on the timeline's join domain when it has one.
    const origin = new URL(linkBase(deps.config, timeline.setting.general)).origin;
    return { success: await checkPage(body.url, origin, timeline.id) };
  },
});

/** The registration page's API route (the pages themselves are outside /api: registrationPages.ts). */
export const registrationPageRoutes = [pageCheck];
