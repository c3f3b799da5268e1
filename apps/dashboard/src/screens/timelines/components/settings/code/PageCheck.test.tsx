import { CuepointError } from "@cuepoint/sdk";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PageCheck } from "./PageCheck.js";

const pageCheck = vi.fn();
vi.mock("../../../../../api/client.js", () => ({ client: { timelines: { pageCheck: (...args: unknown[]) => pageCheck(...args) } } }));

beforeEach(() => pageCheck.mockReset());
afterEach(cleanup);

const address = () => screen.getByLabelText("Your published page's address");
function test(url: string) {
  fireEvent.change(address(), { target: { value: url } });
  fireEvent.click(screen.getByRole("button", { name: "Test this page" }));
}

describe("PageCheck", () => {
  it("refuses an address that is no web page's before asking the server", () => {
    render(<PageCheck timelineID="7" />);
    test("example.com/webinar");
    expect(address().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter the page's full web address, like https://www.example.com/webinar.")).toBeTruthy();
    expect(pageCheck).not.toHaveBeenCalled();
  });

  it("asks the server for this timeline and shows what it found, failing checks first", async () => {
    pageCheck.mockResolvedValue({
      success: {
        url: "https://example.com/webinar",
        found: null,
        checks: [
          { name: "fetch", ok: true, message: "The page could be read." },
          { name: "none", ok: false, message: "No Cuepoint code is on the page." },
        ],
      },
    });
    render(<PageCheck timelineID="7" />);
    test(" https://example.com/webinar ");
    expect(pageCheck).toHaveBeenCalledWith("7", { url: "https://example.com/webinar" });
    expect(screen.getByText("Opening your page…")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Test this page" }).getAttribute("aria-busy")).toBe("true");
    await screen.findByText("No working Cuepoint form found on this page.");
    const items = screen.getByRole("list", { name: "What was checked" }).querySelectorAll("li");
    expect([...items].map((li) => li.textContent)).toEqual(["✗Failed: No Cuepoint code is on the page.", "✓Passed: The page could be read."]);
  });

  it("puts the server's refusal of the address beside the field, and any other failure in an alert", async () => {
    pageCheck.mockRejectedValueOnce(new CuepointError("Enter the page's full web address.", 400, { field: "url" }));
    render(<PageCheck timelineID="7" />);
    test("https://example.com/");
    await screen.findByText("Enter the page's full web address.");
    expect(address().getAttribute("aria-invalid")).toBe("true");

    pageCheck.mockRejectedValueOnce(new CuepointError("The server is busy. Try again.", 503));
    test("https://example.com/");
    expect((await screen.findByRole("alert")).textContent).toBe("The server is busy. Try again.");
    expect(address().getAttribute("aria-invalid")).toBeNull();
  });
});
