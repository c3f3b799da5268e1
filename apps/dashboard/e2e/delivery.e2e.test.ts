import { createMasterSetting } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

const browser = useBrowser();

describe("webinar delivered on Zoom", () => {
  it("the webinar's screen says where it runs and what the host must do when Zoom cannot be used", async () => {
    const api = await loggedInApi();
    const setting = createMasterSetting({ general: { timelineName: `E2E on Zoom ${Date.now().toString(36)}`, deliveryPlatform: "zoom" } });
    const { success: timeline } = await api.timelines.setMaster({ blocks: setting });
    const { success } = await api.webinars.create({ webinarTimeline: String(timeline.id), start: "2030-06-01T10:00", name: "Zoom launch" });
    const id = success.webinar.webinarID;

    for (const [name, options] of [
      ["webinar-delivery", {}],
      ["webinar-delivery-375-dark", { colorScheme: "dark" as const, viewport: { width: 375, height: 800 } }],
    ] as const) {
      const page = await loggedInPage(browser(), options);
      await visit(page, `/webinar/${encodeURIComponent(id)}`);
      await page.getByRole("heading", { name: "Delivered on Zoom" }).waitFor();
      await expect
        .poll(() => page.getByRole("alert").filter({ hasText: "names no Zoom integration" }).count())
        .toBe(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await screenshot(page, name);
      expectNoConsoleErrors(page);
      await page.context().close();
    }
  });
});
