import { describe, expect, it } from "vitest";
import { formatEventTime, readerZone } from "./eventTime.js";
import { fillMergeTags, mergeVariables, type MergeEvent, type MergeRegistrant } from "./mergeTags.js";
import { emailDocument, escapeHtml, renderMessage } from "./renderMessage.js";
import { SAMPLE_REGISTRANT, sampleEvent } from "./sampleRegistrant.js";

const registrant: MergeRegistrant = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+15551230007",
  timeZone: "America/New_York",
  fields: { company: "Analytical Engines" },
};
const event: MergeEvent = {
  name: "Scaling Webinars",
  startsAt: new Date("2024-03-05T14:00:00Z"),
  timeZone: "America/Los_Angeles",
  joinUrl: "https://join.example.com/evt-3?r=reg-7",
  replayUrl: "https://join.example.com/evt-3/replay",
};

describe("fillMergeTags", () => {
  it("fills known single-brace tags, any case, spaces allowed, and leaves others as written", () => {
    const text = "Hi {first_name}, { First_Name }! {unknown} stays, {} and {email stay, {custom.company}.";
    expect(fillMergeTags(text, { first_name: "Ada", "custom.company": "AE" })).toBe("Hi Ada, Ada! {unknown} stays, {} and {email stay, AE.");
  });

  it("does not re-read a value as a template", () => {
    expect(fillMergeTags("{name}", { name: "{email}", email: "x@y.z" })).toBe("{email}");
  });
});

describe("mergeVariables", () => {
  it("writes the event time in the registrant's zone, with names, fields and links", () => {
    expect(mergeVariables(registrant, event)).toEqual({
      name: "Ada Lovelace",
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: "+15551230007",
      event_subject: "Scaling Webinars",
      event_day: "Tuesday",
      event_date: "March 5, 2024",
      event_time: "9:00 AM",
      event_timezone: "EST",
      join_link: "https://join.example.com/evt-3?r=reg-7",
      replay_link: "https://join.example.com/evt-3/replay",
      "custom.company": "Analytical Engines",
    });
  });

  it("falls back to the event's zone when the registrant's is unknown, and to UTC after that", () => {
    for (const timeZone of ["", "Mars/Olympus_Mons"]) {
      const variables = mergeVariables({ ...registrant, timeZone }, event);
      expect([variables.event_time, variables.event_timezone]).toEqual(["6:00 AM", "PST"]);
    }
    expect(readerZone("", "Nowhere/Else")).toBe("UTC");
  });

  it("crosses the date line and daylight saving by the zone's rules", () => {
    expect(formatEventTime(new Date("2024-03-05T14:00:00Z"), "Pacific/Auckland")).toMatchObject({ day: "Wednesday", date: "March 6, 2024", time: "3:00 AM" });
    expect(formatEventTime(new Date("2024-03-12T14:00:00Z"), "America/New_York")).toMatchObject({ time: "10:00 AM", timeZone: "EDT" });
  });

  it("gives a one-word name as first name and no last name", () => {
    const variables = mergeVariables({ ...registrant, name: "  Plato " }, event);
    expect([variables.name, variables.first_name, variables.last_name]).toEqual(["Plato", "Plato", ""]);
  });

  it("previews the sample registrant in their own zone, not the event's", () => {
    const variables = mergeVariables(SAMPLE_REGISTRANT, sampleEvent("Demo", "America/Los_Angeles", new Date("2026-01-15T17:00:00Z")));
    expect([variables.event_time, variables.event_timezone, variables.first_name]).toEqual(["5:00 PM", "GMT", "Ada"]);
  });
});

describe("renderMessage", () => {
  const variables = mergeVariables(registrant, event);

  it("gives the filled plain text and paragraphs with line breaks as HTML", () => {
    const rendered = renderMessage("Hi {first_name},\r\nsee you {event_day}.\n\n\nBye", variables);
    expect(rendered.text).toBe("Hi Ada,\nsee you Tuesday.\n\n\nBye");
    expect(rendered.html).toBe("<p>Hi Ada,<br>\nsee you Tuesday.</p>\n<p>Bye</p>");
  });

  it("escapes the host's text and every merge value: no markup gets in", () => {
    const rendered = renderMessage('<script>alert(1)</script> & "{name}"', { name: `<img src=x onerror="alert(1)">` });
    expect(rendered.html).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&quot;</p>");
    expect(rendered.html).not.toMatch(/<(script|img)/);
    expect(rendered.text).toBe('<script>alert(1)</script> & "<img src=x onerror="alert(1)">"');
  });

  it("makes web addresses links, a link-valued tag too, with tags inside an address URL-encoded", () => {
    const rendered = renderMessage("Join: {join_link}. Site: https://acme.example/p?e={email}&n={name}.", variables);
    expect(rendered.html).toBe(
      '<p>Join: <a href="https://join.example.com/evt-3?r=reg-7">https://join.example.com/evt-3?r=reg-7</a>. ' +
        'Site: <a href="https://acme.example/p?e=ada%40example.com&amp;n=Ada%20Lovelace">https://acme.example/p?e=ada@example.com&amp;n=Ada Lovelace</a>.</p>',
    );
  });

  it("never links a value that only contains an address, nor another scheme", () => {
    const rendered = renderMessage("{name} javascript:alert(1)", { name: "see https://evil.example now" });
    expect(rendered.html).toBe("<p>see https://evil.example now javascript:alert(1)</p>");
  });

  it("wraps a body as a whole mail with the subject escaped as its title", () => {
    const page = emailDocument("Q&A <today>", "<p>Hi</p>");
    expect(page).toContain("<title>Q&amp;A &lt;today&gt;</title>");
    expect(page).toContain("<p>Hi</p>");
    expect(escapeHtml("'")).toBe("&#39;");
  });
});
