import type { TemplateForm } from "../schemas/index.js";
import type { FormRequest } from "../schemas/requests/forms.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import type { Ack, Success } from "./types.js";

export interface FormsResource {
  /** `GET /forms`: the account's registration form templates. @example const { success: forms } = await client.forms.list() */
  list(): CuepointPromise<Success<TemplateForm[]>>;
  /** `POST /forms`. @example const { success: form } = await client.forms.create({ name: "Short form", fields }) */
  create(form: FormRequest): CuepointPromise<Success<TemplateForm>>;
  /** `PUT /forms/{id}`. @example await client.forms.update(form.id, { ...form, name: "Renamed" }) */
  update(id: string | number, form: FormRequest): CuepointPromise<Success<TemplateForm>>;
  /** `DELETE /forms/{id}`. @example await client.forms.delete(form.id) */
  delete(id: string | number): CuepointPromise<Ack>;
}

/** Registration form templates (spec §7, "GET forms; POST forms; PUT forms/{id}; DELETE forms/{id}"). */
export const forms = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): FormsResource =>
  group<FormsResource>(call, {
    list: "GET /forms",
    create: "POST /forms",
    update: "PUT /forms/{id}",
    delete: "DELETE /forms/{id}",
  });
