import { createMasterSetting, CuepointError, type JoinDomain, type TimelineMaster } from "@cuepoint/sdk";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Query } from "../../../../../api/useQuery.js";
import { JoinDomainForm } from "./JoinDomainForm.js";

afterEach(cleanup);

const OWN = "https://app.example.com";
const master = (joinDomain = "") =>
  ({ id: "t1", timelineName: "Launch", setting: createMasterSetting({ general: { timelineName: "Launch", joinDomain } }) }) as unknown as TimelineMaster;
const query = (data: JoinDomain[] | undefined, status: Query<JoinDomain[]>["status"] = "ready"): Query<JoinDomain[]> => ({
  status,
  data,
  error: status === "error" ? new Error("offline") : undefined,
  reload: vi.fn(),
  setData: vi.fn(),
});
const EVENTS = { domain: "events.example.com", url: "https://events.example.com" };

describe("JoinDomainForm", () => {
  it("says plainly that the server lists none, with no field that would do nothing", () => {
    render(<JoinDomainForm master={master()} saveSetting={vi.fn()} domains={query([])} ownOrigin={OWN} />);
    expect(screen.getByText(/use Cuepoint's own address/).textContent).toContain("app.example.com");
    expect(screen.getByText(/This server has no join domains of your own to choose from/)).toBeTruthy();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("offers the own address and the listed domains, and saves the pick in general.joinDomain", async () => {
    const saveSetting = vi.fn(async (setting: TimelineMaster["setting"]) => ({ ...master(), setting }));
    render(<JoinDomainForm master={master()} saveSetting={saveSetting} domains={query([EVENTS])} ownOrigin={OWN} />);
    const picker = screen.getByLabelText("Links use") as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(["Cuepoint's own address", "events.example.com"]);
    expect(screen.getByText("Cuepoint's own address is app.example.com. The others are the domains the server's operator pointed at Cuepoint.")).toBeTruthy();
    fireEvent.change(picker, { target: { value: "events.example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saveSetting).toHaveBeenCalled());
    expect(saveSetting.mock.calls[0]?.[0].general.joinDomain).toBe("events.example.com");
  });

  it("shows a domain the operator removed for what it is, and the server's refusal beside the field", async () => {
    const saveSetting = vi.fn().mockRejectedValue(new CuepointError('"gone.example.com" is not a join domain of this server', 400, { field: "blocks.general.joinDomain" }));
    render(<JoinDomainForm master={master("gone.example.com")} saveSetting={saveSetting} domains={query([EVENTS])} ownOrigin={OWN} />);
    const picker = screen.getByLabelText("Links use") as HTMLSelectElement;
    expect(picker.value).toBe("gone.example.com");
    expect(picker.selectedOptions[0]?.textContent).toBe("gone.example.com (no longer served: links use app.example.com)");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText('"gone.example.com" is not a join domain of this server');
    expect(picker.getAttribute("aria-invalid")).toBe("true");
  });

  it("says when the list could not be loaded, with a retry", () => {
    const failed = query(undefined, "error");
    render(<JoinDomainForm master={master()} saveSetting={vi.fn()} domains={failed} ownOrigin={OWN} />);
    expect(screen.getByRole("alert").textContent).toContain("Could not load this server's join domains: offline");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(failed.reload).toHaveBeenCalled();
  });
});
