import { type CustomFormField, type TemplateForm } from "@cuepoint/sdk";
import { useState, type FormEvent } from "react";
import { client } from "../../../../api/client.js";
import { useQuery } from "../../../../api/useQuery.js";
import { formErrorsFrom, type FormErrors } from "../../../../lib/formErrors.js";
import { refreshSessionData } from "../../../../session/dataStore.js";
import { Button, Checkbox, confirmAction, Dialog, FormError, IconButton, ListState, Select, TextField, toast, CloseIcon } from "../../../../ui/index.js";

const FIELD_TYPES = ["text", "textarea", "email", "phone", "number", "select", "checkbox", "hidden"] as const;

const fieldsOf = (form: TemplateForm): CustomFormField[] =>
  (form.fields ?? []).filter((f): f is CustomFormField => typeof f === "object" && f !== null && typeof (f as { name?: unknown }).name === "string");

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
  const setField = (index: number, patch: Partial<CustomFormField>) => setFields((list) => list.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ fields: { name: "Name the form template." } });
    setSaving(true);
    try {
      const body = { name: name.trim(), fields };
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
        {fields.map((field, index) => (
          <fieldset key={index} className="fieldset">
            <legend>Field {index + 1}</legend>
            <div className="timeline-form-row">
              <TextField label="Name" value={field.name} error={errors.fields[`fields.${index}.name`]} onChange={(e) => setField(index, { name: e.target.value })} />
              <TextField label="Label" value={field.label} onChange={(e) => setField(index, { label: e.target.value })} />
              <Select label="Type" value={field.type} options={FIELD_TYPES.map((t) => ({ value: t, label: t }))} onChange={(e) => setField(index, { type: e.target.value as CustomFormField["type"] })} />
            </div>
            <div className="row" style={{ justifyContent: "space-between" }}>
              <Checkbox label="Required" checked={field.required} onChange={(e) => setField(index, { required: e.target.checked })} />
              <IconButton label={`Remove field ${index + 1}`} icon={<CloseIcon />} onClick={() => setFields((list) => list.filter((_, i) => i !== index))} />
            </div>
          </fieldset>
        ))}
        <div><Button onClick={() => setFields((list) => [...list, { name: "", label: "", type: "text", required: false }])}>Add a field</Button></div>
      </form>
    </Dialog>
  );
}
