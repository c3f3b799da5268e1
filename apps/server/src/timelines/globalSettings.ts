import { eq } from "drizzle-orm";
import { CustomFieldTypeSchema, MERGE_TAGS, type CustomFormField, type GlobalSettingType } from "@cuepoint/sdk";
import { templateForms, timelines } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

type Entry = Record<string, unknown>;

/** Languages a timeline's pages and messages may be in (`general.language`, ISO 639-1). */
const LANGUAGES: readonly [string, string][] = [
  ["en", "English"], ["es", "Spanish"], ["pt", "Portuguese"], ["fr", "French"], ["de", "German"],
  ["it", "Italian"], ["nl", "Dutch"], ["sv", "Swedish"], ["da", "Danish"], ["no", "Norwegian"],
  ["fi", "Finnish"], ["pl", "Polish"], ["cs", "Czech"], ["ro", "Romanian"], ["hu", "Hungarian"],
  ["el", "Greek"], ["tr", "Turkish"], ["ru", "Russian"], ["uk", "Ukrainian"], ["ar", "Arabic"],
  ["he", "Hebrew"], ["hi", "Hindi"], ["id", "Indonesian"], ["ja", "Japanese"], ["ko", "Korean"],
  ["zh", "Chinese"], ["th", "Thai"], ["vi", "Vietnamese"],
];

const FIELD_TYPE_LABELS: Record<string, string> = {
  text: "Short text", textarea: "Long text", email: "Email address", phone: "Phone number",
  number: "Number", date: "Date", select: "Drop-down list", radio: "Choice buttons", checkbox: "Checkbox", hidden: "Hidden value",
};

/** Ready-made registration fields offered when building a form. */
const FIELD_TEMPLATES: readonly CustomFormField[] = [
  { name: "company", label: "Company", type: "text", required: false },
  { name: "job_title", label: "Job title", type: "text", required: false },
  { name: "website", label: "Website", type: "text", required: false },
  { name: "city", label: "City", type: "text", required: false },
  { name: "country", label: "Country", type: "text", required: false },
  { name: "team_size", label: "Team size", type: "select", required: false, options: ["1-10", "11-50", "51-200", "200+"] },
  { name: "question", label: "Your question for the presenter", type: "textarea", required: false },
  { name: "consent", label: "I agree to receive emails about this event", type: "checkbox", required: true },
];

/** Custom registration fields the account uses: its form templates' fields, then its timelines'. */
async function accountFields(orm: Orm, accountId: string): Promise<CustomFormField[]> {
  const [forms, settings] = await Promise.all([
    orm.select({ fields: templateForms.fields }).from(templateForms).where(eq(templateForms.accountId, accountId)),
    orm.select({ setting: timelines.setting }).from(timelines).where(eq(timelines.accountId, accountId)),
  ]);
  const byName = new Map<string, CustomFormField>();
  for (const field of [...forms.flatMap((f) => f.fields), ...settings.flatMap((s) => s.setting.registration.customForms)]) {
    if (!byName.has(field.name)) byName.set(field.name, field);
  }
  return [...byName.values()];
}

/**
 * The lists of `POST /globalsetting/{type}`: built-in entries (`source: "builtin"`), then what the
 * account itself uses (`source: "account"`) — languages of its timelines, custom fields of its
 * forms and timelines, and a personalisation tag for each of those fields.
 */
export async function globalSetting(orm: Orm, accountId: string, type: GlobalSettingType): Promise<Entry[]> {
  switch (type) {
    case "language": {
      const known = new Set(LANGUAGES.map(([code]) => code));
      const rows = await orm.select({ setting: timelines.setting }).from(timelines).where(eq(timelines.accountId, accountId));
      const own = [...new Set(rows.map((row) => row.setting.general.language))].filter((code) => !known.has(code));
      return [
        ...LANGUAGES.map(([code, name]) => ({ code, name, source: "builtin" })),
        ...own.map((code) => ({ code, name: code, source: "account" })),
      ];
    }
    case "customfieldtype":
      return CustomFieldTypeSchema.options.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] ?? value, source: "builtin" }));
    case "customfieldtemplate": {
      const builtin = new Set(FIELD_TEMPLATES.map((field) => field.name));
      const own = (await accountFields(orm, accountId)).filter((field) => !builtin.has(field.name));
      return [
        ...FIELD_TEMPLATES.map((field) => ({ ...field, source: "builtin" })),
        ...own.map((field) => ({ ...field, source: "account" })),
      ];
    }
    case "personalize": {
      const own = await accountFields(orm, accountId);
      return [
        ...MERGE_TAGS.map(({ tag, label }) => ({ tag, label, source: "builtin" })),
        ...own.map((field) => ({ tag: `{custom.${field.name}}`, label: field.label || field.name, source: "account" })),
      ];
    }
  }
}
