import { execFileSync } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";
import { startRoomServer, type RoomServer } from "../../server/src/test-support/roomServer.js";

/*
 * The room journey's browser side: the room server (apps/server/src/test-support/roomServer.ts:
 * the real app in this process on a clock the test sets), embed.js and room.js built as `pnpm
 * start` builds them, Debian's Chromium, a host page of another origin, axe and screenshots.
 */

const here = dirname(fileURLToPath(import.meta.url));
const widgets = join(here, "..", "..", "..", "packages", "widgets");
export const roomArtifacts = join(here, "artifacts", "room");

export interface RoomJourney extends RoomServer {
  browser: Browser;
}

/** Builds embed.js and room.js (the server serves packages/widgets/dist), as `pnpm start` does. */
function buildWidgets(): void {
  execFileSync(process.execPath, ["scripts/build-embed.mjs"], { cwd: widgets, stdio: "inherit" });
  execFileSync(process.execPath, ["scripts/build-room.mjs"], { cwd: widgets, stdio: "inherit" });
}

export async function startRoomJourney(): Promise<RoomJourney> {
  buildWidgets();
  const server = await startRoomServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  return {
    ...server,
    browser,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

/** A new page in a context of its own (cold: no cache, no storage). */
export async function openRoomPage(
  j: RoomJourney,
  options: { viewport?: { width: number; height: number }; colorScheme?: "light" | "dark"; timezoneId?: string } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await j.browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? "light",
    timezoneId: options.timezoneId ?? "America/New_York",
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`Uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  return { page, context, errors };
}

/** Saves a screenshot under e2e/artifacts/room/ (gitignored). */
export async function roomScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(roomArtifacts, { recursive: true });
  await page.screenshot({ path: join(roomArtifacts, `${name}.png`), fullPage: true });
}

/** axe on the page: no serious or critical violation. */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(report, `axe violations on ${where}`).toEqual([]);
}

/** A page builder's page on another origin with a strict CSP that embeds the registration form by script tag. */
export async function startHostPage(api: string, timelineId: string): Promise<{ url: string; close(): Promise<void> }> {
  const csp = [
    "default-src 'none'",
    `script-src ${api}`,
    `connect-src ${api}`,
    "style-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Webinar sign-up</title>
<script async src="${api}/embed.js"></script>
</head><body><main><h1>Sign up for the webinar</h1>
<div id="signup" data-cuepoint-registration="${timelineId}"></div></main></body></html>`;
  const server = createServer((request, response) => {
    if (request.url !== "/") return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": csp }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
