import * as v from "valibot";
import { CustomFormFieldSchema, type CustomFormField } from "../timelineSetting/registration.js";
import { requiredText } from "./fields.js";

/**
 * The custom fields of a form, each with its own `name`: a registration's answers are stored by
 * field name, so two fields with one name would overwrite each other. The second of two fields
 * named alike is reported at `N.name` (`fields.N.name` in a form request).
 */
export const DistinctFormFieldsSchema = v.pipe(
  v.array(CustomFormFieldSchema),
  v.rawCheck<CustomFormField[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const seen = new Set<string>();
    dataset.value.forEach((field, index) => {
      if (seen.has(field.name)) {
        addIssue({
          message: `Two fields are named "${field.name}": give each field its own name.`,
          input: field.name,
          path: [
            { type: "array", origin: "value", input: dataset.value, key: index, value: field },
            { type: "object", origin: "value", input: field, key: "name", value: field.name },
          ],
        });
      }
      seen.add(field.name);
    });
  }),
);

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
  fields: v.optional(DistinctFormFieldsSchema),
});
export type FormRequest = v.InferInput<typeof FormRequestSchema>;
