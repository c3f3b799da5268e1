import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, createMasterSetting, type Client } from "@cuepoint/sdk";
import { createTestApp, type TestApp } from "../../../apps/server/src/test-support/testApp.js";
import { listen } from "./listen.js";
import { hostPage } from "./hostPage.js";

/**
 * The script tag end to end, in Debian's Chromium: a plain page on another origin (another port),
 * with a strict CSP and hostile CSS, embeds two registration forms; visitors register against the
 * real server; the leads are read back through the SDK; the hostile CSS never reached the forms.
 */

const widgets = fileURLToPath(new URL("..", import.meta.url));
let t: TestApp;
let api: Awaited<ReturnType<typeof listen>>;
let site: Awaited<ReturnType<typeof listen>>;
let owner: Client;
let browser: Browser;
let page: Page;
const timelines: Record<"a" | "b", string> = { a: "", b: "" };
const violations: string[] = [];

/** Tomorrow (and the day after) at 10:00, as the local time webinars.create takes. */
const day = (offset: number) => `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)}T10:00`;

beforeAll(async () => {
  execFileSync(process.execPath, ["scripts/build-embed.mjs"], { cwd: widgets });
  t = await createTestApp();
  api = await listen((request, env) => t.app.fetch(request, env));
  const user = await t.user();
  owner = createClient({ apiURL: `${api.url}/api`, token: await t.login(user.email), xsrf: false });
  const timeline = async (name: string, registration: object) => {
    const { success } = await owner.timelines.setMaster({
      blocks: createMasterSetting({ general: { timelineName: name, timeZone: "Europe/Paris" }, registration }),
    });
    const id = String(success.id);
    await owner.webinars.create({ webinarTimeline: id, start: day(1), timeZone: "Europe/Paris" });
    await owner.webinars.create({ webinarTimeline: id, start: day(2), timeZone: "Europe/Paris" });
    return id;
  };
  timelines.a = await timeline("Launch", { customeEnable: true, customForms: [{ name: "company", label: "Company" }] });
  timelines.b = await timeline("Masterclass", { type: "multi-option" });
  site = await listen((request) => hostPage(request, { api: api.url, timelines }));
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  page = await browser.newPage();
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(site.url);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
  await t?.close();
});

describe("embed.js on a strict-CSP page of another origin", () => {
  it("mounts both forms in shadow roots, registers two visitors, and the leads are the host's", async () => {
    const formA = page.locator("#form-a");
    const formB = page.locator("#form-b");
    await expect(formA.getByLabel("Name *").inputValue()).resolves.toBe("Ann Lee"); // data-prefill-name
    await formA.getByLabel("Email *").fill("ann.browser@example.com");
    await formA.getByLabel("Company").fill("ACME");

    await formB.getByRole("radio").nth(1).check();
    await formB.getByLabel("Name *").fill("Bo Browser");
    await formB.getByLabel("Email *").fill("bo.browser@example.com");

    await formA.getByRole("button", { name: "Register" }).click();
    await formB.getByRole("button", { name: "Register" }).click();
    await formA.locator("strong", { hasText: "You are registered." }).waitFor();
    await formB.locator("strong", { hasText: "You are registered." }).waitFor();

    // cuepoint("on", "registered", fn) was queued before embed.js loaded.
    const heard = JSON.parse((await page.locator("#log").getAttribute("data-events")) ?? "[]") as {
      id: string;
      registrantId: string;
      timelineId: string;
    }[];
    expect(heard.map((event) => event.id).sort()).toEqual(["form-a", "form-b"]);
    for (const [email, form] of [
      ["ann.browser@example.com", "form-a"],
      ["bo.browser@example.com", "form-b"],
    ] as const) {
      const { success: leads } = await owner.leads.list({ filter: email });
      expect(leads.map((lead) => lead.uuid)).toEqual([heard.find((event) => event.id === form)?.registrantId]);
    }
    const { success: second } = await owner.webinars.listByTimeline(timelines.b, { type: "upcoming", page: 1 });
    expect(heard.find((event) => event.id === "form-b")?.timelineId).toBe(timelines.b);
    expect(second.length).toBe(2);
  });

  it("keeps the hostile CSS out and puts nothing in the page's head", async () => {
    const styles = await page.evaluate(() => {
      const look = (element: Element | null | undefined) => {
        const style = element ? getComputedStyle(element) : undefined;
        return { color: style?.color, fontSize: style?.fontSize };
      };
      const shadow = document.querySelector("#form-a")?.shadowRoot;
      return {
        host: look(document.querySelector("h1")),
        inside: [...(shadow?.querySelectorAll("h2, p, a, strong, time") ?? [])].map(look),
        adoptedInShadow: shadow?.adoptedStyleSheets.length,
        headStyles: document.head.querySelectorAll("style, link[rel=stylesheet]").length,
        documentSheets: document.adoptedStyleSheets.length,
      };
    });
    expect(styles.host).toEqual({ color: "rgb(255, 0, 0)", fontSize: "40px" }); // the hostile CSS is live
    expect(styles.inside.length).toBeGreaterThan(2);
    for (const look of styles.inside) {
      expect(look.color).not.toBe("rgb(255, 0, 0)");
      expect(look.fontSize).not.toBe("40px");
    }
    expect(styles.adoptedInShadow).toBe(1);
    expect(styles.headStyles).toBe(1); // the page's own hostile.css only
    expect(styles.documentSheets).toBe(0);
    expect(violations).toEqual([]);
  });

  it("mounts a form added to the page later, independent of the others", async () => {
    await page.evaluate((id) => {
      const element = document.createElement("div");
      element.id = "form-c";
      element.setAttribute("data-cuepoint-registration", id);
      document.body.append(element);
    }, timelines.a);
    const formC = page.locator("#form-c");
    await formC.getByLabel("Email *").fill("not-an-email");
    await formC.getByRole("button", { name: "Register" }).click();
    await formC.locator(".cp-error", { hasText: '"Name" is required.' }).waitFor();
    await expect(formC.getByLabel("Email *").getAttribute("aria-invalid")).resolves.toBe("true");
    // Form A still shows its own confirmation.
    await expect(page.locator("#form-a strong").textContent()).resolves.toBe("You are registered.");
  });
});
