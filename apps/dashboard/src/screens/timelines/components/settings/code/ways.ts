/** The four ways a registration form reaches a host's page; the keys are those of the SDK's `registrationSnippets`. */
export type WayID = "script" | "page" | "form" | "iframe";

export interface Way {
  id: WayID;
  /** The way's name, as the builders' steps refer to it. */
  label: string;
  /** One line: when to use this way. */
  when: string;
  /** What the copy button says. */
  copy: string;
}

/**
 * The four ways, the script tag first: it is the first choice wherever a builder keeps scripts;
 * the others are for builders that strip scripts (the form), strip scripts but keep iframes
 * (the iframe), or keep neither (a link to the hosted page).
 */
export const WAYS: readonly Way[] = [
  {
    id: "script",
    label: "Script tag",
    when: "First choice wherever your builder lets you add custom code: the form loads on your page, checks each field as people type and matches your branding.",
    copy: "Copy script tag",
  },
  {
    id: "form",
    label: "HTML form (no script)",
    when: "For editors that keep plain HTML but remove scripts: the form posts straight to Cuepoint and works with JavaScript off.",
    copy: "Copy HTML form",
  },
  {
    id: "iframe",
    label: "iframe",
    when: "For builders that allow iframes but not scripts: the form shows in a frame at a fixed height, and fits itself where scripts are kept.",
    copy: "Copy iframe",
  },
  {
    id: "page",
    label: "Hosted page link",
    when: "When your builder keeps none of the above, or you have no page yet: link a button or an email to the registration page Cuepoint hosts for you.",
    copy: "Copy link",
  },
];

/**
 * The way with this id.
 *
 * @example
 * wayLabel("form"); // "HTML form (no script)"
 */
export function wayLabel(id: WayID): string {
  return WAYS.find((way) => way.id === id)?.label ?? id;
}
