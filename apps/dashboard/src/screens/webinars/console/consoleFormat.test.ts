import { describe, expect, it } from "vitest";
import { describeAction, formatStay, people } from "./consoleFormat.js";
import { pushProblems } from "./pushForms.js";
import { message } from "./test-support/consoleFixtures.js";

describe("the console's words", () => {
  it("says how long someone has been in the room", () => {
    expect([formatStay(0), formatStay(59), formatStay(60), formatStay(3599), formatStay(3900)]).toEqual(["0 s", "59 s", "1 min", "59 min", "1 h 05 min"]);
    expect([people(1), people(37), people(10_000)]).toEqual(["1 person", "37 people", "10,000 people"]);
  });

  it("describes each recorded action", () => {
    expect(describeAction({ kind: "cta", detail: { headline: "Half price" } })).toBe("Pushed the CTA “Half price”");
    expect(describeAction({ kind: "subject", detail: { subject: "Q&A" } })).toBe("Changed the subject to “Q&A”");
    // The server keeps the pushed room item in the detail.
    expect(describeAction({ kind: "cta", detail: { item: { action: "cta", cta: { headline: "Last call" } } } })).toBe("Pushed the CTA “Last call”");
    expect(describeAction({ kind: "subject", detail: { item: { action: "changesubject", subject: "Q&A" } } })).toBe("Changed the subject to “Q&A”");
    const question = message({ id: "m-q", name: "Ann Attendee", registrantId: "r-ann" });
    const hello = message({ id: "m-h", from: "host", body: "Hi all", registrantId: null, toAll: true });
    const messages = [question, hello];
    expect(describeAction({ kind: "chat", detail: { messageId: "m-h", toAll: true } }, messages)).toBe("Messaged everyone: “Hi all”");
    expect(describeAction({ kind: "chat", detail: { messageId: "m-r", toAll: false, toRegistrantId: "r-ann", emailed: true } }, messages)).toBe(
      "Replied privately to Ann Attendee (emailed: they had left)",
    );
    expect(describeAction({ kind: "answer", detail: { messageId: "m-q", answered: true } }, messages)).toBe("Marked Ann Attendee's question answered");
    expect(describeAction({ kind: "delete", detail: { messageId: "m-q", registrantId: "r-ann" } }, messages)).toBe("Deleted a message from Ann Attendee");
    expect(describeAction({ kind: "ban", detail: { name: "Bob" } })).toBe("Banned Bob");
    expect(describeAction({ kind: "start", detail: {} })).toBe("Started the event");
  });
});

describe("push validation (the SDK's schema)", () => {
  it("names each missing or wrong CTA field, with the web-address rule's own sentence for the link", () => {
    expect(pushProblems({ kind: "cta", cta: { headline: "", subheadline: "Today only", buttonTitle: "Buy", link: "example.com/offer" } })).toEqual({
      headline: "Give the headline.",
      link: "The web address must begin with http:// or https://.",
    });
    expect(pushProblems({ kind: "cta", cta: { headline: "A", subheadline: "B", buttonTitle: "C", link: "https://example.com/offer" } })).toEqual({});
    expect(pushProblems({ kind: "subject", subject: "x".repeat(301) })).toEqual({ subject: "The subject is at most 300 characters." });
  });
});
