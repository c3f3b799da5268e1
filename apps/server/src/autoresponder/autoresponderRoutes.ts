import * as v from "valibot";
import { AutoresponderTestRequestSchema } from "@cuepoint/sdk";
import { defineRoute } from "../http/route.js";
import { sendTestMail } from "./sendTestMail.js";

const testMail = defineRoute({
  method: "POST",
  path: "/automation/autoresponder/test",
  operationId: "automation.testAutoresponder",
  tag: "Automation",
  summary: "Send me a test: one autoresponder message to the host's own address",
  description:
    "Mails `subject` and `body` as given (the editor's text, saved or not) to the calling user's own address " +
    "through `integrationID` (an SMTP integration of the account; empty: the one the autoresponder would use — " +
    "the first SMTP one of `autoresponder.integrations`, else the account's only one), as text with its HTML " +
    "alternative, merge tags filled for the sample registrant (the SDK's `SAMPLE_REGISTRANT`, in their own zone) " +
    "of the timeline's next event, the subject marked `[Test]`. 400 on `integrationID` when there is no such SMTP " +
    "integration, it is not connected, or it has no From address; 502 when the SMTP server refuses. Stores nothing.",
  access: "timelines:write",
  body: AutoresponderTestRequestSchema,
  answer: {
    description: "Where the test went.",
    schema: v.object({ success: v.object({ to: v.string(), integrationID: v.string() }) }),
  },
  async handle({ body, caller, deps }) {
    return { success: await sendTestMail(deps, caller, body) };
  },
});

/** The autoresponder's own routes (below /api/automation/autoresponder). */
export const autoresponderRoutes = [testMail];
