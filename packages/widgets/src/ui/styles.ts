/**
 * The widgets' stylesheet. Every colour, font and radius is a CSS custom property with a default,
 * so a page themes the widgets from outside (custom properties inherit into a shadow root):
 * `--cuepoint-accent`, `--cuepoint-accent-text`, `--cuepoint-text`, `--cuepoint-muted`,
 * `--cuepoint-background`, `--cuepoint-border`, `--cuepoint-error`, `--cuepoint-radius`,
 * `--cuepoint-font`, `--cuepoint-font-size`. The root class sets colour, font and size itself
 * (no `rem`, no inherited value), so a host page's inherited styles do not reach inside. Inside,
 * the `.cp` rule copies the public properties (with their defaults) into short private ones
 * (`--a` accent, `--b` border line, `--e` error, `--r` radius, `--g` background): one default each.
 * One rule per line here; each line ends in `\`, so the text has no newlines (bytes in every bundle).
 */
export const CSS = `.cp{--a:var(--cuepoint-accent,#2b67aa);--b:1px solid var(--cuepoint-border,#d0d7de);--e:var(--cuepoint-error,#c62828);--r:var(--cuepoint-radius,8px);--g:var(--cuepoint-background,#fff);all:initial;display:block;box-sizing:border-box;color:var(--cuepoint-text,#1f2933);background:var(--g);font:var(--cuepoint-font-size,16px)/1.45 var(--cuepoint-font,system-ui,sans-serif);padding:1em;border:var(--b);border-radius:var(--r)}\
.cp *{box-sizing:border-box;font:inherit;color:inherit}\
.cp h2{margin:0 0 .75em;font-size:1.25em;font-weight:600}\
.cp-field,.cp-alert{margin:0 0 .85em}\
.cp label,.cp legend{display:block;margin:0 0 .3em;font-weight:500}\
.cp input:not([type=checkbox]):not([type=radio]),.cp select,.cp textarea{display:block;width:100%;padding:.5em .65em;border:var(--b);border-radius:var(--r);background:var(--g)}\
.cp [aria-invalid=true]{border-color:var(--e)}\
.cp :focus-visible{outline:2px solid var(--a);outline-offset:1px}\
.cp-check{display:flex;gap:.5em;align-items:center}\
.cp-check label{margin:0;font-weight:400}\
.cp fieldset{border:0;padding:0}\
.cp-error{margin:.3em 0 0;color:var(--e);font-size:.875em}\
.cp-error:empty{display:none}\
.cp-alert{padding:.6em .75em;border-radius:var(--r);background:#fdecea;color:var(--e)}\
.cp button{cursor:pointer;padding:.55em 1.1em;border:1px solid #0000;border-radius:var(--r);background:var(--a);color:var(--cuepoint-accent-text,#fff);font-weight:600}\
.cp button:disabled{opacity:.6;cursor:default}\
.cp-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

/**
 * The timeline viewer's and media picker's extra rules (the registration form does without them);
 * adopted after `CSS`, whose `.cp` rule defines the short internal properties they use.
 */
export const LIST_CSS = `.cp ul{list-style:none;margin:0;padding:0}\
.cp-muted{color:var(--cuepoint-muted,#57606a);font-size:.875em}\
.cp button.cp-plain{background:#0000;color:var(--a);border:var(--b);padding:.3em .6em;font-weight:400}\
.cp-day{margin:0 0 1em}.cp-day h3{margin:0 0 .4em;font-size:1em;font-weight:600}\
.cp-node{display:flex;gap:.6em;align-items:center;padding:.4em 0;border-top:var(--b)}\
.cp-node>span:nth-child(2){flex:1}\
.cp-icon{display:inline-flex;width:1.6em;height:1.6em;align-items:center;justify-content:center;border-radius:50%;background:var(--a);color:var(--cuepoint-accent-text,#fff);font-size:.8em}\
.cp-bar{display:flex;flex-wrap:wrap;gap:.5em;margin:0 0 .85em}.cp-bar>*{width:auto!important;flex:1}\
.cp-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(9em,1fr));gap:.5em}\
.cp-item{display:flex;gap:.4em;align-items:center;padding:.5em;border:var(--b);border-radius:var(--r);overflow-wrap:anywhere}\
.cp-item[aria-selected=true],.cp-item:has(input:checked){border-color:var(--a);box-shadow:0 0 0 1px var(--a)}\
.cp progress{width:100%}`;

/** The sheets made so far, by document, then by text. */
const sheets = new WeakMap<Document, Record<string, CSSStyleSheet>>();

/**
 * Adopts a stylesheet (`CSS` by default; the list widgets add `LIST_CSS`) into the document or shadow root holding `node`, once per root, as a
 * constructable stylesheet: no `<style>` element is added (a page's head stays untouched) and a
 * Content-Security-Policy without `unsafe-inline` allows it. Does nothing where constructable
 * stylesheets are missing.
 *
 * @example
 * adoptStyles(formElement);
 */
export function adoptStyles(node: Node | null, css = CSS): void {
  const root = node?.getRootNode() as (Document | ShadowRoot) | undefined;
  const owner = node?.ownerDocument;
  const Sheet = (owner?.defaultView as (Window & typeof globalThis) | null | undefined)?.CSSStyleSheet;
  if (!owner || !Array.isArray(root?.adoptedStyleSheets) || !Sheet?.prototype.replaceSync) return;
  const byText = sheets.get(owner) ?? {};
  sheets.set(owner, byText);
  let sheet = byText[css];
  if (!sheet) (sheet = byText[css] = new Sheet()).replaceSync(css);
  const adopted = root.adoptedStyleSheets;
  if (!adopted.includes(sheet)) root.adoptedStyleSheets = [...adopted, sheet];
}
