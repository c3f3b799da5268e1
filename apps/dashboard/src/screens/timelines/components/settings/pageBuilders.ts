/**
 * The ten registration page builders of spec §2 (page.builder holds the key): a blog CMS, two
 * versions of a funnel builder, a CRM-based page builder, three landing-page builders (one is
 * Converti), an online course platform, plain HTML and a marketing-automation page builder.
 */
export const PAGE_BUILDERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "wordpress", label: "WordPress" },
  { value: "clickfunnels", label: "ClickFunnels (classic)" },
  { value: "clickfunnels2", label: "ClickFunnels 2.0" },
  { value: "gohighlevel", label: "HighLevel" },
  { value: "leadpages", label: "Leadpages" },
  { value: "unbounce", label: "Unbounce" },
  { value: "converti", label: "Converti" },
  { value: "kajabi", label: "Kajabi" },
  { value: "html", label: "Plain HTML" },
  { value: "activecampaign", label: "ActiveCampaign pages" },
];
