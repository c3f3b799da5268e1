import * as v from "valibot";
import { CustomFormFieldsSchema } from "../timelineSetting/registration.js";
import { requiredText } from "./fields.js";

/** @deprecated The same as {@link CustomFormFieldsSchema}, which now also checks the options. */
export const DistinctFormFieldsSchema = CustomFormFieldsSchema;

/**
 * `POST /forms` and `PUT /forms/{id}`: a registration form template — a name and the custom
 * fields (distinct names) a timeline's registration form copies from it.
 *
 * @example
 * v.safeParse(FormRequestSchema, { name: "Short", fields: [{ name: "company" }, { name: "company" }] }).issues?.[0]
 * // message 'Two fields are named "company": give each field its own name.', path fields.1.name
 */
export const FormRequestSchema = v.object({
  name: v.pipe(requiredText("Name the form."), v.maxLength(191)),
  fields: v.optional(CustomFormFieldsSchema),
});
export type FormRequest = v.InferInput<typeof FormRequestSchema>;
