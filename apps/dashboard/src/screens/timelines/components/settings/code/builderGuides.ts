import { PAGE_BUILDERS } from "../pageBuilders.js";
import { wayLabel, type WayID } from "./ways.js";

/** How to put the registration form on a page made with one of the ten builders of spec §2. */
export interface BuilderGuide {
  builder: string;
  /** The builder's name. */
  label: string;
  /** The way to use there. */
  way: WayID;
  /** Where to paste it, step by step, in the builder's own words. */
  steps: string[];
  /** What to switch on, or which way to take instead, where the builder strips scripts. */
  stripped: string;
}

type GuideText = Omit<BuilderGuide, "builder" | "label">;

const SCRIPT = wayLabel("script");
const FORM = wayLabel("form");
const IFRAME = wayLabel("iframe");
const LINK = wayLabel("page");

/*
 * Written from what each builder's own help offers (element names as its editor shows them).
 * `origin` is Cuepoint's address, which a strict Content-Security-Policy must allow.
 */
const GUIDES: Record<string, (origin: string) => GuideText> = {
  wordpress: () => ({
    way: "script",
    steps: [
      "Open the page in the block editor (Pages, then Edit).",
      "Click + (Toggle block inserter), search for “Custom HTML” and add that block where the form should appear.",
      `Paste the ${SCRIPT} into the block, then click Update (or Publish).`,
    ],
    stripped:
      "WordPress keeps scripts and iframes only for users with the unfiltered_html capability: Administrators and Editors on a single site, only Super Admins on a multisite network (on WordPress.com, only on plans that allow plugins). " +
      `Anyone else loses the script on save, and the ${FORM} loses its fields too: add a Buttons block instead and set its link to the ${LINK}, or ask an Administrator to paste the ${SCRIPT}.`,
  }),
  clickfunnels: () => ({
    way: "script",
    steps: [
      "Open the funnel step and click Edit Page.",
      "Click Add New Element in the row where the form should go and choose “Custom JS/HTML”.",
      `Hover the element, click its settings (gear), click Open Code Editor, paste the ${SCRIPT}, click Save, then Save the page.`,
    ],
    stripped: `Scripts run on the published page (check with Test this page below). If the form stays empty there, paste the ${FORM} into the same element instead.`,
  }),
  clickfunnels2: () => ({
    way: "script",
    steps: [
      "Open the page in the ClickFunnels 2.0 page editor.",
      "Click + (Add element) in the row where the form should go, search for “Code” and add the Custom Code element.",
      `Open the element's settings, paste the ${SCRIPT} into its code box, then Save and publish the page.`,
    ],
    stripped: `Custom code runs on the published page, not inside the editor: check with Test this page below. If the form is missing there, use the ${FORM} in the same element.`,
  }),
  gohighlevel: () => ({
    way: "script",
    steps: [
      "Go to Sites, open the funnel (or website) step and click Edit.",
      "Open the Elements panel (+) and drag the Code element (“Custom JS/HTML” in older builders) where the form should appear.",
      `Click Open Code Editor, paste the ${SCRIPT}, click Save, then Save and Publish the page.`,
    ],
    stripped: `Preview or publish the page to see the form. If the form does not show there, use the ${IFRAME} in the same element, or a button linked to the ${LINK}.`,
  }),
  leadpages: () => ({
    way: "script",
    steps: [
      "Open the page in the Leadpages drag-and-drop builder.",
      "Drag the HTML widget from the Widgets panel where the form should appear.",
      `Click the widget, choose Edit, paste the ${SCRIPT}, click Save, then Update (or Publish) the page.`,
    ],
    stripped: `Check the form in Preview or on the published page. If it does not show there, use the ${FORM} in the same widget.`,
  }),
  unbounce: () => ({
    way: "script",
    steps: [
      "Open the landing page in the Unbounce Classic Builder.",
      "Drag the Custom HTML element from the left sidebar onto the page where the form should appear.",
      `Paste the ${SCRIPT} into the window that opens, click Save Code, size the box so the form fits, then Save and Republish.`,
    ],
    stripped: `Custom HTML shows only in Preview and on the published page, not in the builder. If the form is cut off, make the Custom HTML box taller; if scripts are blocked, use the ${FORM}.`,
  }),
  converti: () => ({
    way: "page",
    steps: [
      "Open the landing page in the Converti editor.",
      "Add a button where people should register (or select the one you have).",
      `Set the button's link to the ${LINK} below and publish the page.`,
    ],
    stripped: `A link needs no code on your page, so nothing can strip it. If your Converti page offers an element for custom HTML, the ${SCRIPT} there puts the form on the page itself: paste it, publish, and check with Test this page below.`,
  }),
  kajabi: () => ({
    way: "script",
    steps: [
      "Go to Website, then Pages (or Landing Pages), and open the page in the page builder.",
      "Add a section (or a block to a section) and choose Custom Code.",
      `Paste the ${SCRIPT} into the Custom Code block, click Save, then Publish.`,
    ],
    stripped: `If the form does not show on the published page, use the ${IFRAME} in the same Custom Code block.`,
  }),
  html: (origin) => ({
    way: "script",
    steps: [
      "Open the page's HTML file in your editor.",
      `Paste the ${SCRIPT} inside <body>, where the form should appear.`,
      "Save and upload the file to your site.",
    ],
    stripped:
      `If your site sends a Content-Security-Policy, allow ${origin} in script-src and connect-src for the ${SCRIPT}, ` +
      `in form-action for the ${FORM}, or in frame-src for the ${IFRAME}.`,
  }),
  activecampaign: () => ({
    way: "script",
    steps: [
      "Open the landing page in the ActiveCampaign landing page builder.",
      "Drag the Custom HTML (code) block from the content blocks where the form should appear.",
      `Paste the ${SCRIPT} into it, click Save, then Publish.`,
    ],
    stripped: `If your plan offers no Custom HTML block, add a Button block and link it to the ${LINK}.`,
  }),
};

/**
 * The guide of one builder (its value in `page.builder`), or undefined for an unknown one.
 *
 * @example
 * builderGuide("kajabi", "https://app.example.com")?.way; // "script"
 */
export function builderGuide(builder: string, origin: string): BuilderGuide | undefined {
  const entry = PAGE_BUILDERS.find((b) => b.value === builder);
  const guide = GUIDES[builder];
  if (!entry || !guide) return undefined;
  return { builder, label: entry.label, ...guide(origin) };
}
