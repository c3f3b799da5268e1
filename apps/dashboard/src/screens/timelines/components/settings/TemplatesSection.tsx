import { type CustomFormField, type TemplateForm } from "@cuepoint/sdk";
import { useState, type FormEvent } from "react";
import { client } from "../../../../api/client.js";
import { useQuery } from "../../../../api/useQuery.js";
import { checkFields, cleanFields, templateFields as fieldsOf } from "../../../../features/registration-fields/fieldList.js";
import { FieldListEditor } from "../../../../features/registration-fields/FieldListEditor.js";
import { formErrorsFrom, type FormErrors } from "../../../../lib/formErrors.js";
import { refreshSessionData } from "../../../../session/dataStore.js";
import { Button, confirmAction, Dialog, FormError, ListState, TextField, toast } from "../../../../ui/index.js";

/** Templates: the account's registration form templates (GET/POST/PUT/DELETE forms). */
export function TemplatesSection() {
  const forms = useQuery(async () => (await client.forms.list()).success, []);
  const [editing, setEditing] = useState<TemplateForm | "new">();

  const remove = async (form: TemplateForm) => {
    if (!(await confirmAction({ title: `Delete the form template "${form.name ?? form.id}"?`, body: "Timelines keep the fields they already copied.", confirmLabel: "Delete" }))) return;
    try {
      await client.forms.delete(form.id);
      forms.setData((list) => list?.filter((f) => f.id !== form.id));
      void refreshSessionData("forms");
      toast.success("Form template deleted");
    } catch (error) {
      toast.error("The form template was not deleted", { body: (error as Error).message });
    }
  };

  return (
    <section className="stack card" aria-labelledby="templates-heading">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <div>
          <h2 id="templates-heading" style={{ marginBottom: 4 }}>Templates</h2>
          <p className="muted" style={{ margin: 0 }}>Registration form templates, shared by all your timelines.</p>
        </div>
        <Button variant="primary" onClick={() => setEditing("new")}>New form template</Button>
      </div>
      <ListState query={forms} label="form templates" isEmpty={(list) => list.length === 0} empty="No form templates yet.">
        {(list) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Form templates</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Fields</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {list.map((form) => (
                  <tr key={form.id}>
                    <td>{form.name || "Untitled"}</td>
                    <td>{fieldsOf(form).map((f) => f.label || f.name).join(", ") || "None"}</td>
                    <td>
                      <div className="row">
                        <Button onClick={() => setEditing(form)} aria-label={`Edit ${form.name ?? "form"}`}>Edit</Button>
                        <Button variant="danger" onClick={() => void remove(form)} aria-label={`Delete ${form.name ?? "form"}`}>Delete</Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      {editing && (
        <FormTemplateDialog
          form={editing === "new" ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            forms.setData((list) => (list?.some((f) => f.id === saved.id) ? list.map((f) => (f.id === saved.id ? saved : f)) : [...(list ?? []), saved]));
            void refreshSessionData("forms");
            setEditing(undefined);
          }}
        />
      )}
    </section>
  );
}

function FormTemplateDialog({ form, onClose, onSaved }: { form: TemplateForm | undefined; onClose: () => void; onSaved: (form: TemplateForm) => void }) {
  const [name, setName] = useState(form?.name ?? "");
  const [fields, setFields] = useState<CustomFormField[]>(form ? fieldsOf(form) : [{ name: "company", label: "Company", type: "text", required: false }]);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [saving, setSaving] = useState(false);
  // The builder's errors by `N.name` / `N.options` (the API's `fields.N.…`).
  const fieldErrors = Object.fromEntries(
    Object.entries(errors.fields).filter(([key]) => key.startsWith("fields.")).map(([key, value]) => [key.slice("fields.".length), value]),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkFields(fields);
    if (!name.trim() || Object.keys(found).length > 0) {
      return setErrors({ fields: { ...(!name.trim() && { name: "Name the form template." }), ...Object.fromEntries(Object.entries(found).map(([k, v]) => [`fields.${k}`, v])) } });
    }
    setSaving(true);
    try {
      const body = { name: name.trim(), fields: cleanFields(fields) };
      const { success } = form ? await client.forms.update(form.id, body) : await client.forms.create(body);
      toast.success(form ? "Form template saved" : "Form template created");
      onSaved(success);
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={form ? "Edit form template" : "New form template"}
      actions={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" type="submit" form="form-template-form" busy={saving}>Save</Button></>}>
      <form id="form-template-form" className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {errors.form && <FormError>{errors.form}</FormError>}
        <TextField label="Template name" value={name} error={errors.fields.name} onChange={(e) => setName(e.target.value)} />
        <FieldListEditor label="Template fields" fields={fields} onChange={setFields} errors={fieldErrors} />
      </form>
    </Dialog>
  );
}
