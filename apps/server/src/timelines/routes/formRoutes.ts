import { and, desc, eq } from "drizzle-orm";
import * as v from "valibot";
import { FormRequestSchema, TemplateFormSchema } from "@cuepoint/sdk";
import { templateForms, type TemplateFormRow } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { isUuid } from "../../http/ids.js";
import { defineRoute } from "../../http/route.js";
import { ack, AckAnswer } from "../../http/answers.js";

const tag = "Forms";
const FormAnswer = v.object({ success: TemplateFormSchema });
const NO_FORM = "There is no form with this id.";

const toWire = (row: TemplateFormRow) => ({
  id: row.id,
  name: row.name,
  fields: row.fields,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const FORM_RULES =
  "`name` is required (at most 191 characters); `fields` are custom registration fields (SDK " +
  "`CustomFormFieldSchema`) with distinct names (the SDK schema: 400 on `fields.N.name`).";

const listForms = defineRoute({
  method: "GET",
  path: "/forms",
  operationId: "forms.list",
  tag,
  summary: "The account's registration form templates",
  description: "Newest first: `{ id, name, fields, created_at, updated_at }`.",
  access: "timelines:read",
  answer: { description: "The forms.", schema: v.object({ success: v.array(TemplateFormSchema) }) },
  async handle({ caller, deps }) {
    const rows = await deps.db.orm
      .select()
      .from(templateForms)
      .where(eq(templateForms.accountId, caller.accountId))
      .orderBy(desc(templateForms.createdAt));
    return { success: rows.map(toWire) };
  },
});

const createForm = defineRoute({
  method: "POST",
  path: "/forms",
  operationId: "forms.create",
  tag,
  summary: "Create a registration form template",
  description: FORM_RULES,
  access: "timelines:write",
  body: FormRequestSchema,
  answer: { description: "The new form.", schema: FormAnswer },
  async handle({ body, caller, deps }) {
    const fields = body.fields ?? [];
    const now = deps.config.now();
    const [row] = await deps.db.orm
      .insert(templateForms)
      .values({ accountId: caller.accountId, name: body.name, fields, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("The form was not stored.");
    return { success: toWire(row) };
  },
});

const updateForm = defineRoute({
  method: "PUT",
  path: "/forms/:id",
  operationId: "forms.update",
  tag,
  summary: "Replace a registration form template",
  description: `${FORM_RULES} Without \`fields\` the form keeps its fields. Timelines that copied the fields keep their copy.`,
  access: "timelines:write",
  body: FormRequestSchema,
  answer: { description: "The form.", schema: FormAnswer },
  async handle({ params, body, caller, deps }) {
    const id = params.id ?? "";
    const [row] = isUuid(id)
      ? await deps.db.orm
          .update(templateForms)
          .set({ name: body.name, ...(body.fields ? { fields: body.fields } : {}), updatedAt: deps.config.now() })
          .where(and(eq(templateForms.id, id), eq(templateForms.accountId, caller.accountId)))
          .returning()
      : [];
    if (!row) throw notFound(NO_FORM);
    return { success: toWire(row) };
  },
});

const deleteForm = defineRoute({
  method: "DELETE",
  path: "/forms/:id",
  operationId: "forms.delete",
  tag,
  summary: "Delete a registration form template",
  description: "Timelines that copied its fields keep them. 404 for an id that is not one of the account's forms.",
  access: "timelines:write",
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ params, caller, deps }) {
    const id = params.id ?? "";
    const [deleted] = isUuid(id)
      ? await deps.db.orm
          .delete(templateForms)
          .where(and(eq(templateForms.id, id), eq(templateForms.accountId, caller.accountId)))
          .returning({ id: templateForms.id })
      : [];
    if (!deleted) throw notFound(NO_FORM);
    return ack("The form is deleted.");
  },
});

export const formRoutes = [listForms, createForm, updateForm, deleteForm];
