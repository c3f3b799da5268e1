import { describe, expect, it } from "vitest";
import { describeAction, formatStay, people } from "./consoleFormat.js";
import { pushProblems } from "./pushForms.js";

describe("the console's words", () => {
  it("says how long someone has been in the room", () => {
    expect([formatStay(0), formatStay(59), formatStay(60), formatStay(3599), formatStay(3900)]).toEqual(["0 s", "59 s", "1 min", "59 min", "1 h 05 min"]);
    expect([people(1), people(37), people(10_000)]).toEqual(["1 person", "37 people", "10,000 people"]);
  });

  it("describes each recorded action", () => {
    expect(describeAction({ kind: "cta", detail: { headline: "Half price" } })).toBe("Pushed the CTA “Half price”");
    expect(describeAction({ kind: "subject", detail: { subject: "Q&A" } })).toBe("Changed the subject to “Q&A”");
    expect(describeAction({ kind: "chat", detail: { toAll: true, body: "Hi all" } })).toBe("Messaged everyone: “Hi all”");
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
