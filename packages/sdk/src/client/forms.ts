import type { TemplateForm } from "../schemas/index.js";
import type { FormRequest } from "../schemas/requests/forms.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { route, type CallOf } from "./route.js";
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

/** `GET /forms`: the account's registration form templates. @example const { success: forms } = await formsList(client) */
export const formsList: CallOf<FormsResource["list"]> = /* @__PURE__ */ route("GET /forms");

/** `POST /forms`. @example const { success: form } = await formsCreate(client, { name: "Short form", fields }) */
export const formsCreate: CallOf<FormsResource["create"]> = /* @__PURE__ */ route("POST /forms");

/** `PUT /forms/{id}`. @example await formsUpdate(client, form.id, { ...form, name: "Renamed" }) */
export const formsUpdate: CallOf<FormsResource["update"]> = /* @__PURE__ */ route("PUT /forms/{id}");

/** `DELETE /forms/{id}`. @example await formsDelete(client, form.id) */
export const formsDelete: CallOf<FormsResource["delete"]> = /* @__PURE__ */ route("DELETE /forms/{id}");

/** Registration form templates (spec §7, "GET forms; POST forms; PUT forms/{id}; DELETE forms/{id}"). */
export const forms = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): FormsResource =>
  group<FormsResource>(call, {
    list: formsList,
    create: formsCreate,
    update: formsUpdate,
    delete: formsDelete,
  });
