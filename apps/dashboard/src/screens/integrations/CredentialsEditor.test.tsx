import { cleanup, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ApiError, type Integration } from "@cuepoint/sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dataStore, resetDataStore } from "../../session/dataStore.js";
import { Toaster } from "../../ui/Toasts.js";
import { CredentialsEditor, hasEditableCredentials } from "./CredentialsEditor.js";

// A save reloads the session's integrations (the list screens read them): the server's list is given here.
const listIntegrations = vi.fn();
vi.mock("../../api/client.js", () => ({ client: { integrations: { list: () => listIntegrations() } } }));

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => {
  listIntegrations.mockReset();
  resetDataStore();
});
afterEach(cleanup);

const activeCampaign = {
  integrationid: "7",
  name: "AC",
  type: "ACTIVECAMPAIGN",
  connected: true,
  last_error: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  api_url: "https://acme.api-us1.com",
  api_key: "••••9876",
} as unknown as Integration;

function renderEditor(save: (id: string, fields: Record<string, string | number>) => Promise<Integration>) {
  let current = activeCampaign;
  render(
    <>
      <CredentialsEditor integration={activeCampaign} onChange={(next) => (current = next)} save={save} />
      <Toaster />
    </>,
  );
  return { current: () => current };
}

describe("the integration's credentials", () => {
  it("are editable for credential kinds, not for OAuth kinds", () => {
    expect(hasEditableCredentials(activeCampaign)).toBe(true);
    expect(hasEditableCredentials({ ...activeCampaign, type: "HUBSPOT" })).toBe(false);
  });

  it("sends only the changed fields, keeping a masked secret as stored", async () => {
    const calls: Array<[string, Record<string, string | number>]> = [];
    const saved = { ...activeCampaign, api_url: "https://other.api-us1.com", connected: false };
    listIntegrations.mockResolvedValue({ success: { "7": saved } });
    const view = renderEditor(async (id, fields) => (calls.push([id, fields]), saved));
    expect((screen.getByLabelText("API URL") as HTMLInputElement).value).toBe("https://acme.api-us1.com");
    fireEvent.change(screen.getByLabelText("API URL"), { target: { value: "https://other.api-us1.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save credentials" }));
    await waitFor(() => expect(calls).toEqual([["7", { api_url: "https://other.api-us1.com" }]]));
    await waitFor(() => expect(view.current()).toBe(saved));
    expect(await screen.findByText("Credentials saved")).toBeTruthy();
    // The session's list is loaded again, so other screens show the changed integration.
    await waitFor(() => expect(dataStore.get().integrations).toEqual({ status: "ready", data: { "7": saved } }));
    expect(listIntegrations).toHaveBeenCalledTimes(1);
  });

  it("refuses a field the SDK's rules refuse, and shows the server's refusal on its field", async () => {
    const calls: unknown[] = [];
    renderEditor(async () => {
      calls.push(1);
      throw new ApiError("Enter the API key", 400, { message: "Enter the API key", field: "blocks.api_key" });
    });
    fireEvent.change(screen.getByLabelText("API URL"), { target: { value: "not a url" } });
    fireEvent.click(screen.getByRole("button", { name: "Save credentials" }));
    await waitFor(() => expect(screen.getByLabelText("API URL").getAttribute("aria-invalid")).toBe("true"));
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText("API URL"), { target: { value: "https://new.api-us1.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save credentials" }));
    expect(await screen.findByText("Enter the API key")).toBeTruthy();
    expect(calls).toEqual([1]);
    expect(listIntegrations).not.toHaveBeenCalled();
  });
});
