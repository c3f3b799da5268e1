/**
 * The queue snippet a page runs before `embed.js` has loaded (in its own script file, or inline
 * with a nonce): calls made early are queued on `cuepoint.q` and replayed once the script runs.
 *
 * @example
 * // page.js
 * window.cuepoint = window.cuepoint || function () { (cuepoint.q = cuepoint.q || []).push(arguments) };
 * cuepoint("on", "registered", (detail) => analytics.track("registered", detail.registrantId));
 */
export const QUEUE_SNIPPET =
  "window.cuepoint=window.cuepoint||function(){(cuepoint.q=cuepoint.q||[]).push(arguments)};";
