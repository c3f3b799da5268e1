import type { PageCheckResult } from "@cuepoint/sdk";
import { wayLabel } from "./ways.js";

/** What the server's page check answers (`client.timelines.pageCheck`). */
export type PageCheckAnswer = PageCheckResult;

/**
 * The page check's answer in plain words: one sentence on what was found, then the failing checks
 * first (what to fix), then those that passed.
 *
 * @example
 * summarizePageCheck({ url, found: "script", checks }).headline; // "Found a working Cuepoint form on this page: the Script tag."
 */
export function summarizePageCheck(answer: PageCheckAnswer): {
  ok: boolean;
  headline: string;
  checks: PageCheckAnswer["checks"];
} {
  const failing = answer.checks.filter((check) => !check.ok);
  const ok = answer.found !== null && failing.length === 0;
  const headline = answer.found === null
    ? "No working Cuepoint form found on this page."
    : failing.length === 0
      ? `Found a working Cuepoint form on this page: the ${wayLabel(answer.found)}.`
      : `Found a Cuepoint form on this page (the ${wayLabel(answer.found)}), but ${failing.length === 1 ? "one check fails" : `${failing.length} checks fail`}.`;
  return { ok, headline, checks: [...failing, ...answer.checks.filter((check) => check.ok)] };
}
