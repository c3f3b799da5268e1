import * as v from "valibot";
import { TimelineBlocksSchema, TimelineMasterSchema, WizardTemplatesRequestSchema } from "@cuepoint/sdk";
import { notFound } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { templateParts, WIZARD_TEMPLATES, type BuiltInTemplate } from "../wizardTemplates.js";
import { allBuckets } from "../wire.js";
import { TIMELINES_TAG as tag } from "./answers.js";

const TemplateSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string()),
  webinarTimeline: v.optional(TimelineMasterSchema),
  timelineNodes: v.optional(TimelineBlocksSchema),
});

/** Built-in templates have no stored row; their timestamps are the day they were written. */
const WRITTEN = "2025-01-01T00:00:00.000Z";

function toWire(template: BuiltInTemplate, include: { webinarTimelines?: boolean; timelineNodes?: boolean }) {
  const { setting, blocks } = templateParts(template);
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    ...(include.webinarTimelines
      ? {
          webinarTimeline: {
            id: template.id,
            timelineName: template.name,
            setting,
            status: "active" as const,
            shared: false,
            created_at: WRITTEN,
            updated_at: WRITTEN,
          },
        }
      : {}),
    ...(include.timelineNodes ? { timelineNodes: allBuckets(blocks) } : {}),
  };
}

/** Every word of the search must appear in the name or the description, in any case. */
function matches(template: BuiltInTemplate, search: string | undefined): boolean {
  const text = `${template.name} ${template.description}`.toLowerCase();
  return (search ?? "").toLowerCase().split(/\s+/).filter(Boolean).every((word) => text.includes(word));
}

const listTemplates = defineRoute({
  method: "POST",
  path: "/wizard/templates",
  operationId: "timelines.wizardTemplates",
  tag,
  summary: "The beginner wizard's timeline templates",
  description:
    "Built-in templates, the same for every account (a live webinar with reminders, an evergreen replay " +
    "funnel, a video sales letter). `search` keeps those whose name or description contains every word. " +
    "`webinarTimelines` adds each template's complete setting as a timeline (`webinarTimeline`), " +
    "`timelineNodes` its actions (all 91 buckets), both valid under the timeline rules; create a timeline " +
    "from them with `setMaster` and `setEvents`.",
  access: "timelines:read",
  body: WizardTemplatesRequestSchema,
  answer: { description: "The templates.", schema: v.object({ success: v.array(TemplateSchema) }) },
  handle: async ({ body }) => ({
    success: WIZARD_TEMPLATES.filter((template) => matches(template, body.search)).map((template) => toWire(template, body)),
  }),
});

const getTemplate = defineRoute({
  method: "POST",
  path: "/wizard/templates/:id",
  operationId: "timelines.wizardTemplate",
  tag,
  summary: "One wizard template",
  description: "As listed; without a body (or without the flags) the setting and the actions are both included. 404 for an unknown id.",
  access: "timelines:read",
  body: WizardTemplatesRequestSchema,
  answer: { description: "The template.", schema: v.object({ success: TemplateSchema }) },
  async handle({ params, body }) {
    const template = WIZARD_TEMPLATES.find((candidate) => candidate.id === params.id);
    if (!template) throw notFound("There is no wizard template with this id.");
    const asked = body.webinarTimelines !== undefined || body.timelineNodes !== undefined;
    return { success: toWire(template, asked ? body : { webinarTimelines: true, timelineNodes: true }) };
  },
});

export const wizardRoutes = [listTemplates, getTemplate];
