import { useMemo, useState, type FormEvent } from "react";
import { apiPathFor, integrationCatalogue, isIntegrationKind, type IntegrationEntry, type IntegrationKind } from "@cuepoint/sdk";
import { Link, useLocation, useSearchParams } from "wouter";
import { client } from "../../api/client.js";
import { openUrl } from "../../lib/externalNavigation.js";
import { formErrorsFrom } from "../../lib/formErrors.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { Button } from "../../ui/Button.js";
import { FormError, Select, TextField } from "../../ui/Field.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { toast } from "../../ui/Toasts.js";
import { checkCredentials } from "./credentialForm.js";
import { CredentialFields } from "./CredentialFields.js";
import "../../ui/screen.css";

const CATEGORY_LABEL: Record<string, string> = {
  email: "Email", sms: "Text messages", crm: "CRM", webhook: "Webhooks", live: "Live events", calendar: "Calendar",
  spreadsheet: "Spreadsheets", image: "Images", domain: "Domain", voice: "Voice", chat: "Chat", push: "Push", ads: "Ads",
};

const entries = (Object.values(integrationCatalogue) as IntegrationEntry[]).sort((a, b) => a.label.localeCompare(b.label));

/** Kinds with no credentials that post to an address (WEBHOOK, ZAPIER) take a test address. */
const takesTestAddress = (entry: IntegrationEntry) => entry.category === "webhook";

/**
 * Adds an integration (/integrations/add-integration): pick a kind (`?kind=WEBHOOK` preselects),
 * fill its credential form from the SDK's catalogue (validated with the SDK's rules), Test it,
 * Save it (then it is tested once); OAuth kinds go to the provider's consent page, and one that
 * also takes a token typed in (HubSpot's private-app token) offers that form below.
 */
export default function AddIntegrationScreen(_props: ScreenProps) {
  const [search, setSearch] = useSearchParams();
  const [, navigate] = useLocation();
  // The chosen kind lives in the hash query, so links like `?kind=WEBHOOK` open its form.
  const asked = (search.get("kind") ?? "").toUpperCase();
  const kind: IntegrationKind | "" = isIntegrationKind(asked) ? asked : "";
  const setKind = (next: string) =>
    setSearch(
      (s) => {
        if (next) s.set("kind", next);
        else s.delete("kind");
        return s;
      },
      { replace: true },
    );
  const entry = kind ? integrationCatalogue[kind] : undefined;
  const options = useMemo(
    () => [
      { value: "", label: "Choose a service…" },
      ...entries.map((e) => ({ value: e.type, label: `${e.label} (${CATEGORY_LABEL[e.category] ?? e.category})` })),
    ],
    [],
  );
  return (
    <>
      <PageHeader title="Add an integration" description="Connect a service your timelines can use." />
      <div className="card stack" style={{ maxWidth: 640 }}>
        <Select label="Service" value={kind} onChange={(e) => setKind(e.target.value)} options={options} />
        {entry && <KindForm key={entry.type} entry={entry} onSaved={(id) => navigate(href("integration___en-US", {}, { id }))} />}
        <div>
          <Link href={href("integrations___en-US")}>Back to integrations</Link>
        </div>
      </div>
    </>
  );
}

function KindForm({ entry, onSaved }: { entry: IntegrationEntry; onSaved: (integrationID: string) => void }) {
  const [name, setName] = useState(entry.label);
  const [form, setForm] = useState<Record<string, string>>(() =>
    Object.fromEntries(entry.credentials.map((f) => [f.name, f.options?.[0]?.value ?? ""])),
  );
  const [testAddress, setTestAddress] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string>();
  const [note, setNote] = useState<string>();
  const [busy, setBusy] = useState<"test" | "save" | "oauth" | undefined>();
  const path = apiPathFor(entry.type);

  const validate = () => {
    const result = checkCredentials(entry.type, form);
    setFormError(undefined);
    setNote(undefined);
    if (!result.ok) {
      setErrors(result.errors);
      return undefined;
    }
    setErrors({});
    return result.values;
  };

  const fail = (error: unknown) => {
    const found = formErrorsFrom(error);
    const fields = Object.fromEntries(Object.entries(found.fields).map(([k, m]) => [k.replace(/^blocks\./, ""), m]));
    setErrors(fields);
    setFormError(found.form);
  };

  const test = async () => {
    const values = validate();
    if (!values) return;
    setBusy("test");
    try {
      const extra: Record<string, string> = takesTestAddress(entry) && testAddress.trim() ? { webhook: testAddress.trim() } : {};
      const result = await client.integrations.check(path, { ...values, ...extra });
      const message = typeof result.message === "string" ? result.message : typeof result.success === "string" ? result.success : "The service accepted the details.";
      setNote(message);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(undefined);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const values = validate();
    if (!values) return;
    setBusy("save");
    try {
      const { success } = await client.integrations.create({ type: entry.type, name: name.trim() || entry.label, ...values });
      void refreshSessionData("integrations");
      try {
        await client.integrations.test(success.integrationid);
        toast.success(`${success.name} is connected`);
      } catch (error) {
        toast.error(`${success.name} was saved but its test failed`, { body: (error as Error).message });
      }
      onSaved(success.integrationid);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(undefined);
    }
  };

  const connect = async () => {
    setBusy("oauth");
    setFormError(undefined);
    try {
      const { success } = await client.integrations.authorizeURL(entry.type.toLowerCase(), { name: name.trim() || entry.label });
      openUrl(success.url, { external: true });
    } catch (error) {
      setFormError((error as Error).message);
      setBusy(undefined);
    }
  };

  const testAndSave = (
    <div className="row">
      <Button busy={busy === "test"} onClick={() => void test()}>
        Test
      </Button>
      <Button variant="primary" type="submit" busy={busy === "save"}>
        Save
      </Button>
    </div>
  );
  const noteBadge = note && (
    <p role="status" className="badge" data-tone="success" style={{ whiteSpace: "normal", margin: 0 }}>
      {note}
    </p>
  );

  if (entry.auth === "oauth") {
    return (
      <div className="stack">
        {formError && <FormError>{formError}</FormError>}
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} hint="How this connection is listed." />
        <p className="muted" style={{ margin: 0 }}>
          {entry.label} connects through its own sign-in page; you come back here when it is done.
        </p>
        <div>
          <Button variant="primary" busy={busy === "oauth"} onClick={() => void connect()}>
            Connect with {entry.label}
          </Button>
        </div>
        {/* An OAuth kind that also takes a token typed in (HubSpot's private-app token). */}
        {entry.credentials.length > 0 && (
          <form className="stack" onSubmit={(e) => void save(e)} noValidate aria-label={`${entry.label} token`}>
            <p className="muted" style={{ margin: 0 }}>
              Or, instead of signing in, enter a token:
            </p>
            {noteBadge}
            <CredentialFields entry={entry} form={form} setForm={setForm} errors={errors} />
            {testAndSave}
          </form>
        )}
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={(e) => void save(e)} noValidate aria-label={`${entry.label} connection`}>
      {formError && <FormError>{formError}</FormError>}
      {noteBadge}
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} hint="How this connection is listed." />
      <CredentialFields entry={entry} form={form} setForm={setForm} errors={errors} />
      {takesTestAddress(entry) && (
        <TextField
          label="Test address (optional)"
          type="url"
          placeholder="https://example.com/hooks/cuepoint"
          hint="Test posts a sample registrant here. Each timeline action names its own address."
          value={testAddress}
          onChange={(e) => setTestAddress(e.target.value)}
          error={errors.webhook ?? errors.url}
        />
      )}
      {testAndSave}
    </form>
  );
}
