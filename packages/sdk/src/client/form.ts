/** A value of a multipart field: files stay files, objects travel as JSON, the rest as text. */
export type FormValue = Blob | string | number | boolean | object | undefined;

/**
 * Builds the multipart body of the calls the spec marks "form" or "multipart". `undefined` fields
 * are left out; objects and arrays (the `blocks` of integrations and timelines) are sent as JSON
 * text; booleans as `"true"`/`"false"`. The request schemas decode these back (`formBoolean`,
 * `jsonField`).
 *
 * @example
 * await request("POST", "/integration/update", toForm({ integrationID: "42", blocks: { api_key: "k" } }))
 */
export const toForm = (fields: Record<string, FormValue>): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(
      name,
      value instanceof Blob ? value : typeof value === "object" ? JSON.stringify(value) : String(value),
    );
  }
  return form;
};
