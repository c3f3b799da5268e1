/**
 * Navigation to another site is refused unless explicitly allowed (spec §8). Same-origin URLs and
 * dashboard paths always pass.
 *
 * @example
 * openUrl("https://zoom.us/oauth/authorize?…", { external: true }); // allowed: an OAuth consent page
 * openUrl("https://evil.example"); // throws: external navigation not allowed
 */
export function openUrl(to: string, options: { external?: boolean; newTab?: boolean } = {}): void {
  const url = new URL(to, location.href);
  if (url.origin !== location.origin && !options.external) {
    throw new Error(`Navigation to an external URL is not allowed: ${url.origin}`);
  }
  if (options.newTab) window.open(url.href, "_blank", "noopener,noreferrer");
  else location.assign(url.href);
}
