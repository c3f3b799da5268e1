import { describe, expect, it } from "vitest";
import {
  REGISTRATION_ATTRIBUTE,
  REGISTRATION_FRAME_ATTRIBUTE,
  REGISTRATION_FRAME_FALLBACK_HEIGHT,
  REGISTRATION_HEIGHT_MESSAGE,
  REGISTRATION_HONEYPOT_FIELD,
  registrationSnippets,
} from "./snippets.js";

const ORIGIN = "https://app.example.com";
const ID = "7f1f4c1e-3c55-4b8e-9d7c-2a4f3b1d0e99";

describe("registrationSnippets", () => {
  it("keeps today's script tag exactly, and the hosted page's URL", () => {
    const snippets = registrationSnippets(`${ORIGIN}/`, ID);
    expect(snippets.script).toBe(`<script async src="${ORIGIN}/embed.js"></script><div data-cuepoint-registration="${ID}"></div>`);
    expect(snippets.page).toBe(`${ORIGIN}/register/${ID}`);
  });

  it("gives a no-script form that posts the required fields and the honeypot to the hosted page's URL", () => {
    const { form } = registrationSnippets(ORIGIN, ID);
    expect(form).toMatch(new RegExp(`^<form method="post" action="${ORIGIN}/register/${ID}"`));
    expect(form).toContain('name="name"');
    expect(form).toContain('type="email" name="email"');
    expect(form).toContain(`name="${REGISTRATION_HONEYPOT_FIELD}"`);
    expect(form).toContain("hidden");
    expect(form).not.toContain("<script");
  });

  it("gives an iframe of the framed form with a fallback height and a listener limited to its origin", () => {
    const { iframe } = registrationSnippets(ORIGIN, 42);
    expect(iframe).toContain(`<iframe src="${ORIGIN}/register/42/frame" ${REGISTRATION_FRAME_ATTRIBUTE}="42"`);
    expect(iframe).toContain(`height="${REGISTRATION_FRAME_FALLBACK_HEIGHT}"`);
    expect(iframe).toContain(`e.origin!=="${ORIGIN}"`);
    expect(iframe).toContain(REGISTRATION_HEIGHT_MESSAGE);
  });

  it("escapes what it writes into attributes and the listener", () => {
    const snippets = registrationSnippets('https://x.example"><script>alert(1)</script>', '"><img src=x onerror=alert(1)>');
    expect(snippets.script).not.toContain("<img");
    expect(snippets.script).toContain(`${REGISTRATION_ATTRIBUTE}="&quot;&gt;&lt;img`);
    expect(snippets.form).not.toContain("<img");
    expect(snippets.iframe).not.toMatch(/<script>alert/);
    expect(snippets.page).toBe('https://x.example"><script>alert(1)</script>/register/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
  });

  it("sizes only the frame that posted, when its listener runs", () => {
    const { iframe } = registrationSnippets(ORIGIN, ID);
    const code = /<script>(.*)<\/script>/.exec(iframe)![1]!;
    const frames = [{ contentWindow: "a", style: { height: "" } }, { contentWindow: "b", style: { height: "" } }];
    let listener: (event: unknown) => void = () => {};
    new Function("addEventListener", "document", code)(
      (_type: string, handler: (event: unknown) => void) => (listener = handler),
      { querySelectorAll: () => frames },
    );
    listener({ origin: "https://evil.example", source: "b", data: { type: REGISTRATION_HEIGHT_MESSAGE, height: 900 } });
    listener({ origin: ORIGIN, source: "b", data: { type: "other", height: 900 } });
    expect(frames.map((f) => f.style.height)).toEqual(["", ""]);
    listener({ origin: ORIGIN, source: "b", data: { type: REGISTRATION_HEIGHT_MESSAGE, timelineID: ID, height: 812.4 } });
    expect(frames.map((f) => f.style.height)).toEqual(["", "813px"]);
  });
});
