import { useState, type FormEvent } from "react";
import { checkEmail, type EventPerson } from "@cuepoint/sdk";
import { useQuery } from "../../api/useQuery.js";
import { formErrorsFrom, ruleMessage, type FormErrors } from "../../lib/formErrors.js";
import { Button } from "../../ui/Button.js";
import { confirmAction } from "../../ui/Dialog.js";
import { FormError, TextField } from "../../ui/Field.js";
import { ListState } from "../../ui/ListState.js";
import { toast } from "../../ui/Toasts.js";

export interface PeoplePanelProps {
  /** "Hosts" or "Agents". */
  title: string;
  /** One person, lower case: "host". */
  noun: string;
  load: () => Promise<{ success: EventPerson[] }>;
  add: (person: { name: string; email: string }) => Promise<unknown>;
  remove: (personId: string) => Promise<unknown>;
}

/** A webinar's hosts or agents: the list, add by name and email, remove (asked first). */
export function PeoplePanel({ title, noun, load, add, remove }: PeoplePanelProps) {
  const people = useQuery(async () => (await load()).success, []);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const id = title.toLowerCase();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      name: name.trim() ? undefined : `Enter the ${noun}'s name.`,
      email: ruleMessage(checkEmail(email)),
    };
    if (fields.name || fields.email) return setErrors({ fields });
    setBusy(true);
    try {
      await add({ name: name.trim(), email: email.trim() });
      setName("");
      setEmail("");
      setErrors({ fields: {} });
      people.reload();
      toast.success(`${noun[0]?.toUpperCase()}${noun.slice(1)} added`);
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };

  const onRemove = async (person: EventPerson) => {
    if (!(await confirmAction({ title: `Remove ${person.name} as ${noun}?`, confirmLabel: "Remove" }))) return;
    try {
      await remove(String(person.id));
      people.setData((list) => list?.filter((p) => p.id !== person.id));
      toast.success(`${person.name} removed`);
    } catch (error) {
      toast.error(`${person.name} was not removed`, { body: (error as Error).message });
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} style={{ margin: 0 }}>{title}</h2>
      <ListState query={people} label={id} isEmpty={(l) => l.length === 0} empty={`No ${id} yet.`}>
        {(list) => (
          <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0, gap: 8 }}>
            {list.map((p) => (
              <li key={p.id} className="row" style={{ justifyContent: "space-between" }}>
                <span>
                  {p.name} <span className="muted">{p.email}</span>
                </span>
                <Button variant="ghost" onClick={() => void onRemove(p)} aria-label={`Remove ${p.name}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate aria-label={`Add a ${noun}`}>
        {errors.form && <FormError>{errors.form}</FormError>}
        <TextField label={`${title.slice(0, -1)} name`} value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} />
        <TextField label={`${title.slice(0, -1)} email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.fields.email} />
        <div>
          <Button type="submit" busy={busy}>Add {noun}</Button>
        </div>
      </form>
    </section>
  );
}
