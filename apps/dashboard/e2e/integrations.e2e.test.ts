import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

const browser = useBrowser();
let page: Page;
let hook: Server;
const received: Array<{ path: string; body: unknown }> = [];

beforeAll(async () => {
  // A real webhook receiver on 127.0.0.1: the server's test posts its sample payload here.
  hook = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: text ? JSON.parse(text) : undefined });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  page = await loggedInPage(browser());
});
afterAll(() => new Promise((resolve) => hook?.close(resolve)));
afterEach(() => expectNoConsoleErrors(page));

describe("integrations", () => {
  it("connects a webhook integration, tests it against a real receiver, and disconnects it after asking", async () => {
    const address = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/cuepoint`;
    await visit(page, "/integrations/add-integration");
    await page.getByLabel("Service").selectOption("WEBHOOK");
    await page.getByLabel("Name").fill("E2E webhook");
    await page.getByLabel("Test address (optional)").fill(address);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Test" }).click();
    await page.getByRole("form", { name: "Webhook connection" }).getByRole("status").getByText("The webhook answered the test payload.").waitFor();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ path: "/hooks/cuepoint", body: { event: "test", source: "cuepoint" } });
    await screenshot(page, "integrations-add");

    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { level: 1, name: "E2E webhook" }).waitFor();
    expect(page.url()).toMatch(/#\/integration\?id=/);
    await page.getByText("Connected", { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "integration");

    // The signing secret every new webhook gets: masked, revealed, copied, rotated after asking.
    const signing = page.getByRole("region", { name: "Signing secret" });
    const secretField = signing.getByLabel("Signing secret");
    const masked = await secretField.inputValue();
    expect(masked).toMatch(/^••••[A-Za-z0-9_-]{4}$/);
    await signing.getByRole("button", { name: "Reveal" }).click();
    await expect.poll(() => secretField.inputValue()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const first = await secretField.inputValue();
    expect(first.slice(-4)).toBe(masked.slice(-4));
    await signing.getByRole("button", { name: "Hide" }).click();
    await expect.poll(() => secretField.inputValue()).toBe(masked);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signing.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Signing secret copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await signing.getByRole("button", { name: "Rotate" }).click();
    await page.getByRole("alertdialog", { name: "Rotate the signing secret?" }).getByRole("button", { name: "Rotate" }).click();
    await page.getByText("Signing secret rotated").waitFor();
    const rotated = await secretField.inputValue();
    expect(rotated).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(first);
    // By default the previous secret keeps signing beside the new one for 24 hours, and the screen says until when.
    await signing.getByRole("status").getByText(/^The previous secret keeps working until /).waitFor();
    await signing.getByRole("button", { name: "Hide" }).click();
    await expect.poll(() => secretField.inputValue()).toBe(`••••${rotated.slice(-4)}`);
    await expectNoAxeViolations(page);
    // Rotating with "Stop it now" drops it at once.
    await signing.getByLabel("When rotating, the previous secret keeps working").selectOption({ label: "Stop it now" });
    await signing.getByRole("button", { name: "Rotate" }).click();
    const confirmRotate = page.getByRole("alertdialog", { name: "Rotate the signing secret?" });
    await confirmRotate.getByText("The current secret stops working at once").waitFor();
    await confirmRotate.getByRole("button", { name: "Rotate" }).click();
    await expect.poll(() => signing.getByText(/^The previous secret keeps working until /).count()).toBe(0);
    expect(await secretField.inputValue()).not.toBe(rotated);

    await visit(page, "/integrations");
    const row = page.getByRole("row", { name: /E2E webhook/ });
    await row.getByText("Connected", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Test E2E webhook" }).click();
    await page.getByText("E2E webhook is connected").first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "integrations");

    await page.getByRole("button", { name: "Disconnect E2E webhook" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disconnect E2E webhook?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => row.count()).toBe(1);
    await page.getByRole("button", { name: "Disconnect E2E webhook" }).click();
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("E2E webhook disconnected").waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });

  it("checks a custom domain with the SDK's rule before saving", async () => {
    await visit(page, "/integrations/add-integration?kind=DOMAIN");
    await page.getByLabel("Domain", { exact: true }).fill("https://events.example.com");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByLabel("Domain", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.getByText(/Domain must be a host name/).waitFor();
    await page.getByLabel("Domain", { exact: true }).fill("events.example.com");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { level: 1, name: "Custom domain" }).waitFor();
  });

  it("offers accountType options and sign-in for OAuth kinds", async () => {
    await visit(page, "/integrations/add-integration?kind=MAILGUN");
    const options = await page.getByLabel("Account region").locator("option").allTextContents();
    expect(options).toEqual(["US", "EU"]);
    await visit(page, "/integrations/add-integration?kind=ZOOM");
    await page.getByRole("button", { name: "Connect with Zoom" }).waitFor();
    expect(await page.getByRole("form", { name: "Zoom token" }).count()).toBe(0);
    // HubSpot: the sign-in, or a private app's access token typed in instead (checked before asking HubSpot).
    await visit(page, "/integrations/add-integration?kind=HUBSPOT");
    await page.getByRole("button", { name: "Connect with HubSpot" }).waitFor();
    const token = page.getByRole("form", { name: "HubSpot token" });
    await token.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => token.getByLabel("Private-app access token").getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);
    await screenshot(page, "integrations-add-hubspot");
  });

  it("finishes an OAuth callback from its query, and explains a failure", async () => {
    await visit(page, "/zoomcallback?code=e2e-code");
    // No OAuth attempt was started in this session: the server refuses, and the screen says so (in the
    // screen itself: an earlier test's sign-in refusal may still be showing as a notification).
    await page.getByRole("main").getByRole("alert").waitFor();
    await page.getByRole("link", { name: "Try again" }).waitFor();
    await expectNoAxeViolations(page);
    await visit(page, "/twiliocallback");
    await page.getByText("The sign-in did not return AccountSid.", { exact: false }).waitFor();
  });
});
