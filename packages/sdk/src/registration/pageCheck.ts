import * as v from "valibot";

/** An http(s) address with a host and no user name or password (whether it is public is the server's check). */
function isPageAddress(text: string): boolean {
  if (!/^https?:\/\/[^/\\]/i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/**
 * `POST /webinartimelinemaster/{id}/pagecheck`: the address of the host's published page, where
 * one of the registration snippets should be.
 *
 * @example
 * v.parse(PageCheckRequestSchema, { url: " https://www.example.com/webinar " }); // { url: "https://www.example.com/webinar" }
 */
export const PageCheckRequestSchema = /* @__PURE__ */ v.object({
  url: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string("Enter the address of your published page."),
    /* @__PURE__ */ v.trim(),
    /* @__PURE__ */ v.nonEmpty("Enter the address of your published page."),
    /* @__PURE__ */ v.maxLength(2000, "The page address can be at most 2000 characters long."),
    /* @__PURE__ */ v.check(
      isPageAddress,
      "Enter the page's full web address, like https://www.example.com/webinar.",
    ),
  ),
});
export type PageCheckRequest = v.InferInput<typeof PageCheckRequestSchema>;

/** Which of the ways was found working on the page (the hosted page's URL is not something a page contains). */
export const PageCheckFoundSchema = /* @__PURE__ */ v.nullable(/* @__PURE__ */ v.picklist(["script", "form", "iframe"]));

/**
 * One thing the check looked at: `fetch` (the page could be read), `script`, `form`, `iframe` (a
 * way found, working or not, and why), `honeypot` (the no-script form's spam trap), `none` (no
 * way found at all). `message` says it in words for the host, with what to do when not `ok`.
 */
export const PageCheckItemSchema = /* @__PURE__ */ v.object({
  name: /* @__PURE__ */ v.string(),
  ok: /* @__PURE__ */ v.boolean(),
  message: /* @__PURE__ */ v.string(),
});

/**
 * What "test this page" found (under `success`): `found` is the way that works (the script tag
 * first, then the form, then the iframe), null when none does; `checks` say what was seen and what
 * is missing. A page that could not be read is still an answer (`found: null`, a failing `fetch`).
 */
export const PageCheckResultSchema = /* @__PURE__ */ v.object({
  url: /* @__PURE__ */ v.string(),
  found: PageCheckFoundSchema,
  checks: /* @__PURE__ */ v.array(PageCheckItemSchema),
});
export type PageCheckItem = v.InferOutput<typeof PageCheckItemSchema>;
export type PageCheckResult = v.InferOutput<typeof PageCheckResultSchema>;
