import { fireEvent, waitFor, within } from "@testing-library/dom";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PREVIEW_MESSAGE } from "../core/registration/createRegistrationForm.js";
import { BINDINGS } from "../test-support/bindings.js";
import { startWidgetServer, type WidgetServer } from "../test-support/server.js";

/*
 * The `preview` prop (a host previewing its own form, as the dashboard's editor does): the form
 * loads and validates exactly as a visitor's, but submitting registers nobody.
 */

let server: WidgetServer;
beforeAll(async () => {
  server = await startWidgetServer();
});
afterAll(() => server.close());

const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

describe.each(BINDINGS)("RegistrationForm preview ($name)", ({ name, entry, mount, unmountAll }) => {
  afterEach(unmountAll);

  it("checks the fields as usual, then says nothing was sent, and registers nobody", async () => {
    const { timelineId } = await server.timeline();
    const events: string[] = [];
    const view = within(
      mount(entry.RegistrationForm, {
        timelineId,
        client: { registration: server.api() },
        preview: true,
        onSubmitting: () => events.push("submitting"),
        onRegistered: () => events.push("registered"),
        onError: () => events.push("error"),
      }),
    );
    const nameInput = await view.findByLabelText("Name *");
    const form = nameInput.closest("form") as HTMLFormElement;
    fireEvent.submit(form);
    await waitFor(() => expect(nameInput.getAttribute("aria-invalid")).toBe("true"));
    expect(view.queryByText(PREVIEW_MESSAGE)).toBeNull();

    const email = `preview.${name}@example.com`;
    type(nameInput, "Pat Preview");
    type(view.getByLabelText("Email *"), email);
    fireEvent.submit(form);
    expect((await view.findByRole("alert")).textContent).toBe(PREVIEW_MESSAGE);
    expect(view.getByRole("status").textContent).toBe(PREVIEW_MESSAGE);
    expect(nameInput.getAttribute("aria-invalid")).toBe("false");
    expect(view.getByRole("button", { name: "Register" })).toBeTruthy();
    expect(view.queryByText("You are registered.")).toBeNull();
    expect(events).toEqual([]);
    expect((await server.owner.leads.list({ filter: email })).success).toEqual([]);
  });
});
