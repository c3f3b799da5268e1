import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, createMasterSetting, REGISTRATION_RENDERED_FIELD, type Client, type CustomFormField } from "@cuepoint/sdk";
import { insertEvent } from "../leads/test-support/testFixtures.js";
import { setPublicRateLimits } from "./rateLimits.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";
import { failure } from "../test-support/timelineFixtures.js";

// Registration fields end to end on the server (issue 16, item 3): a form template and a
// timeline's customForms are checked by the SDK's checkFormFields, the registration's answers by
// checkRegistrationAnswers (JSON API and the no-script hosted page alike), and the answers reach
// the lead.

let t: TestApp;
let owner: Client;
let accountId: string;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  setPublicRateLimits(t.db, { perIp: { max: 50, windowMs: 60_000 }, perTimeline: { max: 50, windowMs: 60_000 } });
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
});
afterAll(() => t.close());

const FIELDS: CustomFormField[] = [
  { name: "company", label: "Company", type: "text", required: true },
  { name: "plan", label: "Plan", type: "radio", required: true, options: ["Starter", "Growth"] },
  { name: "team", label: "Team size", type: "select", required: false, options: ["1-10", "11-50"] },
  { name: "start", label: "Start date", type: "date", required: false },
  { name: "seats", label: "Seats", type: "number", required: false },
  { name: "terms", label: "I accept the terms", type: "checkbox", required: true },
];

/** A timeline with the fields attached (customeEnable on) and one upcoming session. */
async function timelineWith(fields: CustomFormField[]) {
  const { success } = await owner.timelines.setMaster({
    blocks: createMasterSetting({ general: { timelineName: "Fields" }, registration: { customeEnable: true, customForms: fields } }),
  });
  await insertEvent(t.db.orm, { accountId, timelineId: success.id, startsAt: new Date(Date.now() + 3_600_000) });
  return success.id;
}

const visitor = () =>
  createClient({
    apiURL: "http://localhost/api",
    fetch: (input, init) => t.app.request(input instanceof Request ? input : String(input), init),
    headers: { origin: "https://www.example.com", "x-forwarded-for": `198.51.100.${++ipCounter}` },
    xsrf: false,
  }).request;

const register = (timelineId: string, body: object) =>
  visitor()<{ success: { created: boolean } }>("POST", `/public/timelines/${timelineId}/registrations`, body);
/** The lead registered with `email` (the list's filter is a search term). */
const leadOf = async (email: string) => (await owner.leads.list({ filter: email })).success;

describe("building a form", () => {
  it("refuses a template whose choice field has no option, or lists one twice, naming the field", async () => {
    const empty = await failure(owner.forms.create({ name: "Leads", fields: [{ name: "plan", label: "Plan", type: "radio", options: [] }] }));
    expect([empty.status, empty.field, empty.message]).toEqual([400, "fields.0.options", '"Plan": add at least one option.']);
    const twice = await failure(owner.forms.create({ name: "Leads", fields: [{ name: "a" }, { name: "plan", type: "select", options: ["x", "x"] }] }));
    expect([twice.status, twice.field]).toEqual([400, "fields.1.options"]);
    const { success } = await owner.forms.create({ name: "Leads", fields: FIELDS });
    expect(success.fields).toEqual(FIELDS);
  });

  it("refuses a timeline's customForms with two fields of one name, naming the field", async () => {
    const bad = await failure(
      owner.timelines.setMaster({
        // Sent as a browser might, unchecked: createMasterSetting would refuse it before it left.
        blocks: { general: { timelineName: "X" }, registration: { customForms: [{ name: "a" }, { name: "a" }] } } as never,
      }),
    );
    expect([bad.status, bad.field]).toEqual([400, "blocks.registration.customForms.1.name"]);
  });

  it("offers date and radio among the field types", async () => {
    const types = (await owner.timelines.globalSetting("customfieldtype")).success.map((f) => [f.value, f.label]);
    expect(types).toEqual(expect.arrayContaining([["date", "Date"], ["radio", "Choice buttons"]]));
  });
});

describe("registering with the fields (JSON API)", () => {
  it("gives the fields in order, checks each answer with a 400 naming it, and stores the answers on the lead", async () => {
    const timelineId = await timelineWith(FIELDS);
    const config = await visitor()<{ success: { fields: CustomFormField[] } }>("GET", `/public/timelines/${timelineId}/registration`);
    expect(config.success.fields.map((f) => f.name)).toEqual(["name", "email", "phone", ...FIELDS.map((f) => f.name)]);

    const base = { name: "Ann", email: "ann@example.com", fields: { company: "Acme", plan: "Growth", terms: true } };
    const cases: [object, string, string][] = [
      [{ ...base, fields: { ...base.fields, company: " " } }, "fields.company", '"Company" is required.'],
      [{ ...base, fields: { ...base.fields, plan: "Enterprise" } }, "fields.plan", '"Plan" must be one of: Starter, Growth.'],
      [{ ...base, fields: { ...base.fields, team: "500+" } }, "fields.team", '"Team size" must be one of: 1-10, 11-50.'],
      [{ ...base, fields: { ...base.fields, start: "2026-02-30" } }, "fields.start", '"Start date" must be a date (YYYY-MM-DD).'],
      [{ ...base, fields: { ...base.fields, seats: "ten" } }, "fields.seats", '"Seats" must be a number.'],
      [{ ...base, fields: { ...base.fields, terms: false } }, "fields.terms", 'Tick "I accept the terms" to register.'],
    ];
    for (const [body, field, message] of cases) {
      const error = await failure(register(timelineId, body));
      expect([error.status, error.field, error.message], field).toEqual([400, field, message]);
    }

    const created = await register(timelineId, { ...base, fields: { ...base.fields, team: "11-50", start: "2026-03-02", seats: "12", extra: "dropped" } });
    expect(created).toMatchObject({ success: { created: true } });
    const leads = await leadOf("ann@example.com");
    expect(leads).toHaveLength(1);
    expect(leads[0]!.customFields).toEqual({ company: "Acme", plan: "Growth", team: "11-50", start: "2026-03-02", seats: "12", terms: "true" });
  });
});

describe("registering with the fields (the hosted page)", () => {
  it("renders radio buttons in a named group and a date input, and keeps a wrong choice out with its error beside it", async () => {
    const timelineId = await timelineWith(FIELDS);
    const html = await (await t.app.request(`http://localhost/register/${timelineId}`)).text();
    expect(html).toContain('<fieldset class="f"><legend>Plan <span class="req">(required)</span></legend>');
    expect(html).toContain('<label class="opt"><input type="radio" name="field_plan" value="Starter" required> Starter</label>');
    expect(html).toContain('<input type="date" id="f-field_start" name="field_start" value="">');

    const post = async (fields: Record<string, string>) => {
      const rendered = /name="cp_rendered" value="([^"]+)"/.exec(html)![1]!;
      t.clock.advance(3_000);
      return t.app.request(`http://localhost/register/${timelineId}`, {
        method: "POST",
        body: new URLSearchParams({ ...fields, [REGISTRATION_RENDERED_FIELD]: rendered }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://cuepoint.test", "x-forwarded-for": `198.51.100.${++ipCounter}` },
      });
    };
    const form = { name: "Bo", email: "bo@example.com", field_company: "Initech", field_terms: "true" };
    const wrong = await post({ ...form, field_plan: "Gold", field_start: "soon" });
    expect(wrong.status).toBe(400);
    const again = await wrong.text();
    expect(again).toContain('<p class="err" id="e-field_plan">&quot;Plan&quot; must be one of: Starter, Growth.</p>');
    expect(again).toContain('<p class="err" id="e-field_start">&quot;Start date&quot; must be a date (YYYY-MM-DD).</p>');
    expect(again).toContain('value="Starter" required aria-invalid="true" aria-describedby="e-field_plan">');

    expect((await post({ ...form, field_plan: "Starter", field_start: "2026-05-01" })).status).toBe(303);
    const leads = await leadOf("bo@example.com");
    expect(leads[0]!.customFields).toMatchObject({ company: "Initech", plan: "Starter", start: "2026-05-01", terms: "true" });
  });
});
