import * as v from "valibot";
import { CustomFormFieldSchema } from "../timelineSetting/registration.js";
import { requiredText } from "./fields.js";

/**
 * `POST /forms` and `PUT /forms/{id}`: a registration form template — a name and the custom
 * fields a timeline's registration form copies from it.
 */
export const FormRequestSchema = v.object({
  name: v.pipe(requiredText("Name the form."), v.maxLength(191)),
  fields: v.optional(v.array(CustomFormFieldSchema)),
});
export type FormRequest = v.InferInput<typeof FormRequestSchema>;
