/**
 * One case of the isolation sweep (src/isolation.test.ts, cases in isolationCases.ts): the ids
 * account A owns, the calls B makes with them, and what B must get.
 */

export interface Ids {
  timeline: string;
  trashed: string;
  shareCode: string;
  nodeId: string;
  revision: string;
  event: string;
  seriesEvent: string;
  series: string;
  agent: string;
  host: string;
  registrant: string;
  form: string;
  folder: string;
  file: string;
  fileId: string;
  webhook: string;
  mailchimp: string;
  facebook: string;
  nifty: string;
  sheets: string;
  token: string;
  oauthState: string;
  /** B's own timeline, for calls that mix one id of each account. */
  ownTimeline: string;
}

export interface Call {
  method?: string;
  path: string;
  body?: Record<string, unknown> | FormData;
  /** The same call with an id no account has: B's call must get the same status (instead of the case's). */
  likeUnknown?: Call;
}

/** What B must get. Default: 404 on every call. */
export type Expect =
  | { status: number; field?: string }
  | { sameAsAnonymous: true }
  | { check: (response: Response, ids: Ids) => Promise<void> };

export interface Case {
  calls: (ids: Ids) => Call[];
  expect?: Expect;
  /** Why the expectation is not 404. */
  why?: string;
}

export const csv = (text: string) => new Blob([text], { type: "text/csv" });
export const form = (fields: Record<string, string | Blob>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};
export const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
