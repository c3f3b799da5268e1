import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatBox,
  chatFeed,
  consoleShot,
  entryOf,
  inbox,
  neverShows,
  say,
  startConsoleJourney,
  type ConsoleJourney,
} from "./consoleJourney.js";
import { expectAxeClean } from "./roomJourney.js";

/*
 * The live room of issue 13 in Chromium against the real server: two attendees in the room and the
 * host's live console on the webinar screen. A question reaches the host and nobody else; a
 * private reply only the asker, a public one both; a pushed CTA shows for both within a second; a
 * muted attendee's message reaches no one; a reply to someone who left is mailed (SMTP on
 * loopback); rate and length limits answer in words; a retry is stored once; the console reconnects
 * with Last-Event-ID. Once on one instance (embedded database), once with the attendees on one
 * instance and the host on another, both on a throwaway PostgreSQL. Screenshots: e2e/artifacts/room/console-*.
 */

function consoleJourney(label: string, twoInstances: boolean) {
  describe(label, () => {
    let c: ConsoleJourney | undefined;
    let skipped = "";
    const journey = () => {
      if (!c) throw new Error(skipped || "the journey did not start");
      return c;
    };

    beforeAll(async () => {
      const started = await startConsoleJourney({ twoInstances, title: `Console journey (${label})` });
      if ("skipped" in started) skipped = started.skipped;
      else c = started;
    }, 300_000);

    afterAll(async () => {
      if (c) expect(c.hostErrors, "the console page logged no errors").toEqual([]);
      await c?.close();
    });

    it("shows the waiting room to the host, who starts the event: both attendees move into the room", async ({ skip }) => {
      if (skipped) skip(skipped);
      const { host, ann, bob } = journey();
      await host.getByText(/^Waiting for you to start — \d+ (people|person) in the waiting room\.$/).waitFor();
      await consoleShot(host, `${twoInstances ? "pg-" : ""}waiting-desktop-light`);
      await host.getByRole("button", { name: "Start the event" }).click();
      await host.getByRole("alertdialog").getByRole("button", { name: "Start now" }).click();
      await host.getByText(/^Live since .* — it runs until you end it\.$/).waitFor();
      await host.getByRole("button", { name: "End the event" }).waitFor();
      for (const a of [ann, bob]) await chatBox(a.page).waitFor({ timeout: 15_000 });
      // Both are in the room, as the server sees them.
      const room = host.getByRole("region", { name: "In the room" });
      await room.getByRole("cell", { name: /Ann Attendee/ }).waitFor({ timeout: 15_000 });
      await room.getByRole("cell", { name: /Bob Viewer/ }).waitFor({ timeout: 15_000 });
      await expect.poll(() => room.getByText("ann@example.com").count()).toBeGreaterThan(0);
    });

    it("a question reaches the host and nobody else", async ({ skip }) => {
      if (skipped) skip(skipped);
      const { host, ann, bob } = journey();
      const question = `Is there a replay? ${randomUUID().slice(0, 6)}`;
      await say(ann.page, question);
      await chatFeed(ann.page).getByText(question).waitFor();
      await inbox(host).getByText(question).waitFor({ timeout: 5000 });
      await expect.poll(() => inbox(host).getByText(/\d+ unanswered/).textContent()).toMatch(/^[1-9]\d* unanswered$/);
      await neverShows(bob.page, question);
    });

    it("a private reply reaches only the asker; a reply to everyone reaches both", async ({ skip }) => {
      if (skipped) skip(skipped);
      const { host, ann, bob } = journey();
      const question = `Can I pay monthly? ${randomUUID().slice(0, 6)}`;
      await say(ann.page, question);
      const entry = await entryOf(host, question);
      await entry.getByRole("button", { name: "Reply", exact: true }).click();
      // Keyboard only: the reply box has the focus; Tab reaches "Reply privately".
      await host.keyboard.type("Yes: twelve monthly payments.");
      await host.keyboard.press("Tab");
      await expect.poll(() => host.evaluate(() => document.activeElement?.textContent)).toBe("Reply privately");
      await host.keyboard.press("Enter");
      await chatFeed(ann.page).getByText("Yes: twelve monthly payments.").waitFor({ timeout: 5000 });
      await neverShows(bob.page, "Yes: twelve monthly payments.");
      await entry.getByText("Answered", { exact: true }).waitFor();

      await entry.getByRole("button", { name: "Reply", exact: true }).click();
      await entry.getByLabel("Reply to Ann Attendee").fill("Everyone: the replay stays up for 48 hours.");
      await entry.getByRole("button", { name: "Reply to everyone" }).click();
      for (const a of [ann, bob]) await chatFeed(a.page).getByText("Everyone: the replay stays up for 48 hours.").waitFor({ timeout: 5000 });
    });

    it("a pushed CTA appears for both attendees within a second, and the actions log says who pushed it", async ({ skip }) => {
      if (skipped) skip(skipped);
      const { host, ann, bob, j } = journey();
      const push = host.getByRole("form", { name: "Push a call to action" });
      const headline = `Half price for the next hour ${randomUUID().slice(0, 4)}`;
      await push.getByLabel("CTA headline").fill(headline);
      await push.getByLabel("CTA subheadline").fill("Only for those in the room.");
      await push.getByLabel("Button title").fill("Claim it");
      await push.getByLabel("Button link").fill("http://localhost/offer");
      await push.getByRole("button", { name: "Push the CTA" }).click();
      await push.getByText(/domain with a suffix/).waitFor();
      await push.getByLabel("Button link").fill(`http://cta.localhost:${new URL(j.url).port}/api/health`);
      const pushed = host.waitForResponse((r) => r.url().endsWith("/console/push") && r.request().method() === "POST");
      await push.getByRole("button", { name: "Push the CTA" }).click();
      const sentAt = Date.now();
      await Promise.all([ann, bob].map((a) => a.page.getByText(headline).first().waitFor({ timeout: 5000 })));
      const elapsed = Date.now() - sentAt;
      expect((await pushed).status()).toBe(201);
      expect(elapsed, `the CTA showed for both ${elapsed} ms after the push`).toBeLessThanOrEqual(1000);
      const log = host.getByRole("region", { name: "Actions log entries" });
      await log.getByRole("row", { name: new RegExp(`Pushed the CTA “${headline}” Rita Host`) }).waitFor();
    });

    it("a muted attendee's message reaches no one (a public chat, where others' messages show)", async ({ skip }) => {
      if (skipped) skip(skipped);
      const c = journey();
      const { host, hostUrl, j, publicEvent } = c;
      await j.owner.console.start(publicEvent.eventId);
      const cleo = await c.openAttendee("Cleo Public", "cleo@example.com");
      const dan = await c.openAttendee("Dan Muted", "dan@example.com");
      try {
        await host.goto(`${hostUrl}/#/webinar/${publicEvent.eventId}`);
        await host.getByText("Public chat: attendees see each other's messages (except muted ones).").waitFor();
        for (const a of [cleo, dan]) await chatBox(a.page).waitFor({ timeout: 15_000 });
        await say(dan.page, "Hello from Dan to the room");
        await chatFeed(cleo.page).getByText("Hello from Dan to the room").waitFor({ timeout: 5000 });

        const entry = await entryOf(host, "Hello from Dan to the room");
        await entry.getByRole("button", { name: "More actions for the message from Dan Muted" }).click();
        await host.getByRole("menuitem", { name: "Mute Dan Muted" }).click();
        await entry.getByText("Author muted").waitFor();
        await host.getByRole("region", { name: "Actions log entries" }).getByRole("row", { name: /Muted Dan Muted/ }).waitFor();
        await say(dan.page, "Buy my course instead");
        await chatFeed(dan.page).getByText("Buy my course instead").waitFor();
        const muted = await entryOf(host, "Buy my course instead");
        await muted.getByText("Muted: only you saw it").waitFor();
        await neverShows(cleo.page, "Buy my course instead");
        // A latecomer's backlog leaves it out too.
        await cleo.page.reload();
        await chatFeed(cleo.page).getByText("Hello from Dan to the room").waitFor({ timeout: 10_000 });
        await neverShows(cleo.page, "Buy my course instead", 500);
        expect([...cleo.errors, ...dan.errors]).toEqual([]);
      } finally {
        await cleo.context.close();
        await dan.context.close();
        await host.goto(`${hostUrl}/#/webinar/${c.eventId}`);
        await host.getByRole("heading", { name: "Chat inbox" }).waitFor();
      }
    });

    it("refuses too fast and too long messages in words; a retried message is stored once", async ({ skip }) => {
      if (skipped) skip(skipped);
      const { host, ann, j } = journey();
      const long = "x".repeat(501);
      const api = (body: unknown) =>
        fetch(`${j.url}/api/public/room/${ann.token}/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const tooLong = await api({ clientId: randomUUID(), body: long });
      expect(tooLong.status).toBe(400);
      expect(await tooLong.json()).toMatchObject({ message: "A message is at most 500 characters.", field: "body" });

      const clientId = randomUUID();
      const first = await api({ clientId, body: "Sent twice after a reconnect" });
      const again = await api({ clientId, body: "Sent twice after a reconnect" });
      expect([first.status, again.status]).toEqual([201, 200]);
      const [a, b] = [(await first.json()) as { success: { id: string } }, (await again.json()) as { success: { id: string } }];
      expect(b.success.id).toBe(a.success.id);
      await inbox(host).getByRole("tab", { name: /^All/ }).click();
      await inbox(host).getByText("Sent twice after a reconnect").waitFor();
      await host.waitForTimeout(1000);
      expect(await inbox(host).getByText("Sent twice after a reconnect").count()).toBe(1);

      // In the room: a burst past 3 messages in 5 s is refused with the chat's sentence.
      await ann.page.waitForTimeout(5500);
      for (const n of [1, 2, 3, 4]) await say(ann.page, `Burst ${n}`);
      await ann.page.getByRole("alert").getByText("You're sending messages too fast. Wait a few seconds and send it again.").waitFor({ timeout: 5000 });
      // The console's own box checks the length before sending.
      await inbox(host).getByLabel("Message everyone").fill(long);
      await inbox(host).getByRole("button", { name: "Send to everyone" }).click();
      await inbox(host).getByText("A message is at most 500 characters.").waitFor();
      await inbox(host).getByLabel("Message everyone").fill("");
    });

    if (twoInstances) {
      it("the host's instance restarts: the console says reconnecting…, resumes after the last message, and shows each once", async ({ skip }) => {
        if (skipped) skip(skipped);
        const c = journey();
        const { host, ann } = c;
        await c.restartSecond?.();
        await host.getByText("Reconnecting…").waitFor({ timeout: 10_000 });
        // The stream cut by the restart is the one error Chromium logs for it.
        c.hostErrors.splice(0, c.hostErrors.length, ...c.hostErrors.filter((e) => !e.includes("ERR_INCOMPLETE_CHUNKED_ENCODING")));
        await ann.page.waitForTimeout(5500);
        await say(ann.page, "Asked while the host's server restarted");
        await host.getByText("Live updates on").waitFor({ timeout: 20_000 });
        await inbox(host).getByRole("tab", { name: /^All/ }).click();
        await inbox(host).getByText("Asked while the host's server restarted").waitFor({ timeout: 10_000 });
        await host.waitForTimeout(1500);
        expect(await inbox(host).getByText("Asked while the host's server restarted").count()).toBe(1);
      });
    }

    it("a reply to an attendee who left is mailed to them with the replay link", async ({ skip }) => {
      if (skipped) skip(skipped);
      const { host, ann, j } = journey();
      await ann.page.waitForTimeout(5500);
      const question = `Where are the slides? ${randomUUID().slice(0, 6)}`;
      await say(ann.page, question);
      const entry = await entryOf(host, question);
      await ann.context.close();
      // A reconnect within a few seconds is not a leave: Ann has left once the console says so.
      await entry.getByText("Left the room").waitFor({ timeout: 30_000 });
      await entry.getByRole("button", { name: "Reply", exact: true }).click();
      await entry.getByText(/Ann Attendee has left the room: a private reply is emailed to ann@example.com/).waitFor();
      await entry.getByLabel("Reply to Ann Attendee").fill("The slides are attached to the replay page.");
      await entry.getByRole("button", { name: "Reply privately" }).click();
      await entry.getByText("privately to Ann Attendee (emailed: they had left)").waitFor({ timeout: 15_000 });
      await expect
        .poll(() => j.smtp.mails.find((mail) => mail.to.includes("ann@example.com") && mail.raw.replace(/=\r\n/g, "").includes("The slides are attached")), {
          timeout: 15_000,
        })
        .toBeTruthy();
      const mail = j.smtp.mails.find((m) => m.to.includes("ann@example.com") && m.raw.replace(/=\r\n/g, "").includes("The slides are attached"));
      expect(mail?.raw.replace(/=\r\n/g, "")).toContain(`${j.url}/replay/${ann.token}`);
    });

    it("is axe clean and fits at 375 px and on the desktop, light and dark", async ({ skip }) => {
      if (skipped) skip(skipped);
      const { host } = journey();
      const prefix = twoInstances ? "pg-" : "";
      for (const scheme of ["light", "dark"] as const) {
        await host.emulateMedia({ colorScheme: scheme });
        for (const [width, name] of [
          [1280, "desktop"],
          [375, "375"],
        ] as const) {
          await host.setViewportSize({ width, height: 900 });
          await host.getByRole("heading", { name: "Live console" }).waitFor();
          await expectAxeClean(host, `the live console at ${name}, ${scheme}`);
          const overflow = await host.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `no sideways scrolling at ${name}`).toBeLessThanOrEqual(0);
          await consoleShot(host, `${prefix}live-${name}-${scheme}`);
        }
      }
      await host.emulateMedia({ colorScheme: "light" });
      await host.setViewportSize({ width: 1280, height: 900 });
    });

    it("ends the event from the console; the summary shows the figures and the actions log", async ({ skip }) => {
      if (skipped) skip(skipped);
      const { host, bob } = journey();
      await host.getByRole("button", { name: "End the event" }).click();
      await host.getByRole("alertdialog").getByRole("button", { name: "End the event" }).click();
      const summary = host.getByRole("region", { name: "Live console summary" });
      await summary.waitFor({ timeout: 15_000 });
      const figures = summary.getByRole("list", { name: "The event's chat and CTA figures" });
      await expect.poll(() => figures.textContent()).toMatch(/[1-9]\d*Questions answered/);
      expect(await figures.textContent()).toMatch(/[1-9]\d*Pushes/);
      const log = summary.getByRole("region", { name: "Actions log entries" });
      for (const what of [/Started the event/, /Pushed the CTA/, /Replied privately to Ann Attendee/, /Ended the event/]) {
        await log.getByRole("row", { name: what }).first().waitFor();
      }
      await bob.page.getByRole("textbox", { name: /Your message/ }).waitFor({ state: "detached", timeout: 15_000 });
      await expectAxeClean(host, "the console summary");
      await consoleShot(host, `${twoInstances ? "pg-" : ""}summary-desktop-light`);
    });
  });
}

consoleJourney("one instance, embedded database", false);
consoleJourney("attendees on one instance, the host on another, PostgreSQL", true);
