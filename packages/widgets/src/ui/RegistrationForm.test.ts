import { fireEvent, waitFor, within } from "@testing-library/dom";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RegistrationFormEvents } from "../core/registration/types.js";
import { registrants } from "../../../../apps/server/src/db/schema/index.js";
import { BINDINGS } from "../test-support/bindings.js";
import { startWidgetServer, visitorClient, type WidgetServer } from "../test-support/server.js";

let server: WidgetServer;
beforeAll(async () => {
  server = await startWidgetServer();
});
afterAll(() => server.close());

const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
const leadsOf = async (search: string) => (await server.owner.leads.list({ filter: search })).success;
/** What the server stored for a registrant that the leads list does not show: zone and SMS consent. */
const storedOf = async (uuid: string | undefined) => {
  const rows = await server.t.db.orm
    .select({ uuid: registrants.uuid, timeZone: registrants.timeZone, smsConsent: registrants.smsConsent })
    .from(registrants);
  const row = rows.find((r) => r.uuid === uuid);
  return row && { timeZone: row.timeZone, smsConsent: row.smsConsent };
};

describe.each(BINDINGS)("RegistrationForm ($name)", ({ name, entry, mount, unmountAll }) => {
  afterEach(unmountAll);
  const email = (who: string) => `${who}.${name}@example.com`;

  it("loads the form, takes prefilled values, registers and confirms, with typed events in order", async () => {
    const { timelineId, next } = await server.timeline({
      customeEnable: true,
      customForms: [{ name: "company", label: "Company", required: true }],
    });
    const events: string[] = [];
    let registered: RegistrationFormEvents["registered"] | undefined;
    const view = within(
      mount(entry.RegistrationForm, {
        timelineId,
        client: { registration: server.api() },
        prefill: { name: "Ann Lee", email: email("ann") },
        timeZone: "Asia/Tokyo",
        onReady: () => events.push("ready"),
        onSubmitting: () => events.push("submitting"),
        onRegistered: (detail) => {
          events.push("registered");
          registered = detail;
        },
        onError: () => events.push("error"),
      }),
    );
    expect(view.getByText("Loading the registration form…")).toBeTruthy();
    const company = await view.findByLabelText("Company *");
    expect((view.getByLabelText("Name *") as HTMLInputElement).value).toBe("Ann Lee");
    expect((view.getByLabelText("Email *") as HTMLInputElement).value).toBe(email("ann"));
    expect(view.getByRole("heading").textContent).toBe("Launch");
    expect(view.getByText(/^Starts/).textContent).toMatch(/GMT\+9/); // one-time: the next session, in Tokyo
    type(company, "ACME");
    fireEvent.submit(view.getByRole("button", { name: "Register" }).closest("form") as HTMLFormElement);
    await view.findByText("You are registered.", { selector: "strong" });
    expect(events).toEqual(["ready", "submitting", "registered"]);
    expect(registered).toMatchObject({ timelineId, eventId: next, created: true });
    expect(view.getByRole("link", { name: "Your link to join" }).getAttribute("href")).toBe(
      `https://cuepoint.test/join/${registered?.registrantId}`,
    );
    const [lead] = await leadsOf(email("ann"));
    expect(lead?.uuid).toBe(registered?.registrantId);
  });

  it("shows the SDK rules' errors inline, announces them, focuses the first, and sends nothing", async () => {
    const { timelineId } = await server.timeline({
      customeEnable: true,
      customForms: [{ name: "size", label: "Team size", type: "number", required: true }],
    });
    const errors: unknown[] = [];
    const view = within(
      mount(entry.RegistrationForm, { timelineId, client: { registration: server.api() }, onError: (e: unknown) => errors.push(e) }),
    );
    const emailInput = await view.findByLabelText("Email *");
    type(emailInput, "bo@example.c");
    type(view.getByLabelText("Team size *"), "many");
    fireEvent.submit(emailInput.closest("form") as HTMLFormElement);
    await waitFor(() => expect(emailInput.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = emailInput.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe(
      "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk.",
    );
    expect(view.getByText('"Name" is required.')).toBeTruthy();
    expect(view.getByText('"Team size" must be a number.')).toBeTruthy();
    expect(view.getByRole("status").textContent).toMatch(/^3 fields need attention: /);
    await waitFor(() => expect(document.activeElement).toBe(view.getByLabelText("Name *")));
    // Fixing a field clears its error as the visitor types.
    type(emailInput, "bo@example.com");
    await waitFor(() => expect(emailInput.getAttribute("aria-invalid")).toBe("false"));
    expect(errors).toEqual([]);
    expect(await leadsOf("bo@example")).toEqual([]);
  });

  it("renders radio and date fields, checks them with the SDK's rules and sends the answers", async () => {
    const { timelineId } = await server.timeline({
      customeEnable: true,
      customForms: [
        { name: "plan", label: "Plan", type: "radio", required: true, options: ["Starter", "Growth"] },
        { name: "start", label: "Start date", type: "date" },
      ],
    });
    const view = within(mount(entry.RegistrationForm, { timelineId, client: { registration: server.api() }, prefill: { name: "Di", email: email("di") } }));
    const group = await view.findByRole("radiogroup", { name: "Plan *" });
    const start = view.getByLabelText("Start date");
    expect(start.getAttribute("type")).toBe("date");
    fireEvent.submit(start.closest("form") as HTMLFormElement);
    await waitFor(() => expect(group.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe('"Plan" is required.');
    await waitFor(() => expect(document.activeElement).toBe(within(group).getByLabelText("Starter")));
    fireEvent.click(within(group).getByLabelText("Growth"));
    type(start, "2026-05-01");
    fireEvent.submit(start.closest("form") as HTMLFormElement);
    await view.findByText("You are registered.", { selector: "strong" });
    expect((await leadsOf(email("di")))[0]?.customFields).toEqual({ plan: "Growth", start: "2026-05-01" });
  });

  it("lets the visitor pick a session shown in a time zone they can change", async () => {
    const { timelineId, later } = await server.timeline({ type: "multi-option" });
    let registered: RegistrationFormEvents["registered"] | undefined;
    const view = within(
      mount(entry.RegistrationForm, {
        timelineId,
        client: { registration: server.api() },
        timeZone: "America/Los_Angeles",
        onRegistered: (detail: RegistrationFormEvents["registered"]) => (registered = detail),
      }),
    );
    const wednesday = await view.findByLabelText(/Wednesday$/);
    expect(wednesday.closest("div")?.textContent).toMatch(/PST|PDT/);
    fireEvent.change(view.getByLabelText("Times shown in"), { target: { value: "Europe/Paris" } });
    await waitFor(() => expect(view.getByLabelText(/Wednesday$/).closest("div")?.textContent).toMatch(/GMT\+[12]/));
    fireEvent.click(view.getByLabelText(/Wednesday$/));
    type(view.getByLabelText("Name *"), "Cy");
    type(view.getByLabelText("Email *"), email("cy"));
    fireEvent.submit(view.getByLabelText("Name *").closest("form") as HTMLFormElement);
    await view.findByText("You are registered.", { selector: "strong" });
    expect(registered?.eventId).toBe(later);
  });

  it("sends the detected time zone and an unticked SMS consent box's answer", async () => {
    const { timelineId } = await server.timeline();
    let registered: RegistrationFormEvents["registered"] | undefined;
    const view = within(
      mount(entry.RegistrationForm, {
        timelineId,
        client: { registration: server.api() },
        prefill: { name: "Di", email: email("di"), phone: "+1 555 0101" },
        onRegistered: (detail: RegistrationFormEvents["registered"]) => (registered = detail),
      }),
    );
    const consent = (await view.findByLabelText("Send me text message reminders")) as HTMLInputElement;
    expect(consent.type).toBe("checkbox");
    expect(consent.checked).toBe(false);
    fireEvent.submit(consent.closest("form") as HTMLFormElement);
    await view.findByText("You are registered.", { selector: "strong" });
    expect(await storedOf(registered?.registrantId)).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      smsConsent: false,
    });
  });

  it("sends the zone the visitor chose and their ticked SMS consent", async () => {
    const { timelineId } = await server.timeline();
    let registered: RegistrationFormEvents["registered"] | undefined;
    const view = within(
      mount(entry.RegistrationForm, {
        timelineId,
        client: { registration: server.api() },
        timeZone: "America/Los_Angeles",
        prefill: { name: "Ed", email: email("ed") },
        onRegistered: (detail: RegistrationFormEvents["registered"]) => (registered = detail),
      }),
    );
    type(await view.findByLabelText("Phone"), "+1 555 0102");
    fireEvent.change(view.getByLabelText("Times shown in"), { target: { value: "Asia/Tokyo" } });
    const consent = view.getByLabelText("Send me text message reminders") as HTMLInputElement;
    fireEvent.click(consent);
    await waitFor(() => expect((view.getByLabelText("Send me text message reminders") as HTMLInputElement).checked).toBe(true));
    fireEvent.submit(consent.closest("form") as HTMLFormElement);
    await view.findByText("You are registered.", { selector: "strong" });
    expect(await storedOf(registered?.registrantId)).toEqual({ timeZone: "Asia/Tokyo", smsConsent: true });
  });

  it("says when registration is closed, and when this page is not on the whitelist", async () => {
    const closed = await server.timeline({ block: true });
    const closedView = within(mount(entry.RegistrationForm, { timelineId: closed.timelineId, client: { registration: server.api() } }));
    expect((await closedView.findByRole("alert")).textContent).toBe("Registration for this webinar is closed.");
    const listed = await server.timeline({ whitelist: { enabled: true, domains: ["example.com"] } });
    const elsewhere = within(
      mount(entry.RegistrationForm, { timelineId: listed.timelineId, client: { registration: server.api("https://other.test") } }),
    );
    expect((await elsewhere.findByRole("alert")).textContent).toBe("Origin domain is not on this timeline's whitelist");
    expect(elsewhere.queryByRole("button")).toBeNull();
  });

  it("shows the server's refusal and emits error (a banned address), through the SDK client", async () => {
    const { timelineId } = await server.timeline();
    const first = await visitorClient(server).registration.register(timelineId, { name: "Mal", email: email("mal") });
    await server.owner.leads.ban({ uuid: first.success.registrantId });
    const errors: RegistrationFormEvents["error"][] = [];
    const view = within(
      mount(entry.RegistrationForm, {
        timelineId,
        client: visitorClient(server),
        prefill: { name: "Mal", email: email("mal") },
        onError: (detail: RegistrationFormEvents["error"]) => errors.push(detail),
      }),
    );
    fireEvent.submit((await view.findByLabelText("Name *")).closest("form") as HTMLFormElement);
    expect((await view.findByRole("alert")).textContent).toBe("This email address cannot register for this webinar.");
    expect(errors).toEqual([{ timelineId, message: "This email address cannot register for this webinar.", status: 403 }]);
    expect(view.getByRole("button", { name: "Register" })).toBeTruthy();
  });

  it("reports a timeline that does not exist", async () => {
    const view = within(mount(entry.RegistrationForm, { timelineId: "nope", client: { registration: server.api() } }));
    expect((await view.findByRole("alert")).textContent).toBe("There is no registration form for this timeline.");
  });
});
