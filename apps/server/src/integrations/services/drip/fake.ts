/**
 * A loopback Drip, written from Drip's public REST API v2 reference:
 * - https://developer.drip.com (Authentication: OAuth Bearer tokens that do not expire, a
 *   `User-Agent` naming the app; Pagination `page`/`per_page` and `meta.total_pages`; Errors
 *   `{ errors: [{ code, message }] }`; Accounts; Email Series Campaigns `POST
 *   /v2/:account_id/campaigns/:campaign_id/subscribers`; Campaign subscriptions `GET
 *   /v2/:account_id/subscribers/:id_or_email/campaign_subscriptions`; Subscribers create-or-update
 *   `POST /v2/:account_id/subscribers` with `tags`, delete; Tags list and `DELETE
 *   /v2/:account_id/subscribers/:email/tags/:tag`; Workflows `POST
 *   /v2/:account_id/workflows/:workflow_id/subscribers`)
 * - https://www.getdrip.com/docs/rest-api (the same reference, older page: JSON bodies only)
 * - https://github.com/DripEmail/drip-nodejs (lib/*.js: the paths Drip's own client calls)
 *
 * Workflows here follow Drip's default entry rule (someone already active in a workflow is not
 * started a second time); `reentry` lets a test allow it.
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export interface FakeDripSubscriber {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  tags: string[];
  campaigns: string[];
  workflows: string[];
  /** How many times the subscriber was started on each workflow. */
  starts: Record<string, number>;
}

export interface DripFake extends FakeService {
  token: string;
  account: string;
  subscribers: FakeDripSubscriber[];
  tags: string[];
  /** The next call to `"METHOD /path"` is carried out, but its answer is lost: a 502 arrives instead. */
  loseNextAnswer(route: string): void;
}

const ACCOUNT = "9999999";
const fail = (status: number, code: string, message: string): FakeAnswer => ({ status, json: { errors: [{ code, message }] } });
const notFound = () => fail(404, "not_found_error", "The resource you requested was not found");

export async function startDripFake(options: { emails?: string[] } = {}): Promise<DripFake> {
  const fake = (await startFakeService()) as DripFake;
  const base = `/v2/${ACCOUNT}`;
  const emails = options.emails ?? ["ada@example.com", "bob@example.com"];
  fake.token = "drip-token-0123456789";
  fake.account = ACCOUNT;
  fake.subscribers = [];
  fake.tags = ["vip", "replay watcher"];
  const campaigns = [
    { id: "111", name: "Webinar follow-up", status: "active" },
    { id: "112", name: "Onboarding", status: "draft" },
  ];
  const workflows = [{ id: "221", name: "Attended webinar", status: "active" }];
  const lost = new Set<string>();
  let next = 1;
  fake.loseNextAnswer = (route) => lost.add(route);

  const authed = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) => {
    if (request.headers.authorization !== `Bearer ${fake.token}`) return fail(401, "authorization_error", "You are not authorized to access this resource");
    if (!request.headers["user-agent"]?.startsWith("Cuepoint")) return fail(403, "forbidden_error", "Please identify your application in the User-Agent header");
    if (request.method === "POST" && !request.headers["content-type"]?.includes("application/json")) {
      return fail(415, "unsupported_media_type", "Parameters must be serialized in JSON");
    }
    const answered = answer(request);
    return lost.delete(`${request.method} ${request.path}`) ? fail(502, "server_error", "Bad Gateway") : answered;
  };
  const find = (email: string) => fake.subscribers.find((s) => s.email === email);
  const view = (s: FakeDripSubscriber) => ({ id: s.id, email: s.email, first_name: s.first_name ?? null, last_name: s.last_name ?? null, tags: s.tags });
  /** Drip's create-or-update of one subscriber entry of a request body. */
  const upsert = (entry: Record<string, unknown>): FakeDripSubscriber | undefined => {
    if (typeof entry.email !== "string" || !entry.email.includes("@")) return undefined;
    let subscriber = find(entry.email);
    if (!subscriber) {
      subscriber = { id: `z${next++}`, email: entry.email, tags: [], campaigns: [], workflows: [], starts: {} };
      fake.subscribers.push(subscriber);
    }
    if (typeof entry.first_name === "string") subscriber.first_name = entry.first_name;
    if (typeof entry.last_name === "string") subscriber.last_name = entry.last_name;
    for (const tag of Array.isArray(entry.tags) ? entry.tags.map(String) : []) {
      if (!subscriber.tags.includes(tag)) subscriber.tags.push(tag);
      if (!fake.tags.includes(tag)) {
        fake.tags.push(tag);
        tagRoutes();
      }
    }
    return subscriber;
  };
  const entries = (request: ReceivedRequest) => {
    const list = (request.data as { subscribers?: unknown } | undefined)?.subscribers;
    return Array.isArray(list) ? (list as Array<Record<string, unknown>>) : [];
  };
  const paged = (key: string, rows: unknown[], request: ReceivedRequest): FakeAnswer => {
    const perPage = Math.min(Number(request.query.get("per_page") ?? 100), 1000);
    const page = Number(request.query.get("page") ?? 1);
    return {
      json: {
        [key]: rows.slice((page - 1) * perPage, page * perPage),
        meta: { page, count: rows.length, total_pages: Math.max(1, Math.ceil(rows.length / perPage)), total_count: rows.length },
      },
    };
  };

  function tagRoutes() {
    for (const email of emails) {
      for (const tag of fake.tags) {
        fake.on({
          [`DELETE ${base}/subscribers/${encodeURIComponent(email)}/tags/${encodeURIComponent(tag)}`]: authed(() => {
            const subscriber = find(email);
            if (!subscriber) return notFound();
            subscriber.tags = subscriber.tags.filter((t) => t !== tag);
            return { status: 204 };
          }),
        });
      }
    }
  }
  tagRoutes();
  for (const email of emails) {
    const path = `${base}/subscribers/${encodeURIComponent(email)}`;
    fake.on({
      [`GET ${path}/campaign_subscriptions`]: authed(() => {
        const subscriber = find(email);
        if (!subscriber) return notFound();
        return { json: { campaign_subscriptions: subscriber.campaigns.map((id, i) => ({ id: `cs${i}`, campaign_id: id, status: "active" })) } };
      }),
      [`DELETE ${path}`]: authed(() => {
        const subscriber = find(email);
        if (!subscriber) return notFound();
        fake.subscribers.splice(fake.subscribers.indexOf(subscriber), 1);
        return { status: 204 };
      }),
    });
  }
  for (const campaign of campaigns) {
    fake.on({
      [`POST ${base}/campaigns/${campaign.id}/subscribers`]: authed((request) => {
        const [entry] = entries(request);
        const subscriber = entry && upsert(entry);
        if (!subscriber) return fail(422, "validation_error", "Email is invalid");
        if (!subscriber.campaigns.includes(campaign.id)) subscriber.campaigns.push(campaign.id);
        return { status: 201, json: { subscribers: [view(subscriber)] } };
      }),
    });
  }
  for (const workflow of workflows) {
    fake.on({
      [`POST ${base}/workflows/${workflow.id}/subscribers`]: authed((request) => {
        const [entry] = entries(request);
        const subscriber = entry && upsert(entry);
        if (!subscriber) return fail(422, "validation_error", "Email is invalid");
        if (!subscriber.workflows.includes(workflow.id)) {
          subscriber.workflows.push(workflow.id);
          subscriber.starts[workflow.id] = (subscriber.starts[workflow.id] ?? 0) + 1;
        }
        return { status: 201 };
      }),
    });
  }

  fake.on({
    // OAuth token endpoint (https://www.getdrip.com/oauth/token): client id and secret in the form.
    "POST /oauth/token": (request) => {
      const form = request.data as Record<string, string> | undefined;
      if (form?.client_id !== "drip-client" || form.client_secret !== "drip-secret") return { status: 401, json: { error: "invalid_client" } };
      return { json: { access_token: fake.token, token_type: "bearer", scope: "public" } };
    },
    "GET /v2/accounts": authed(() => ({ json: { accounts: [{ id: ACCOUNT, name: "Acme Webinars" }] } })),
    [`GET /v2/accounts/${ACCOUNT}`]: authed(() => ({ json: { accounts: [{ id: ACCOUNT, name: "Acme Webinars" }] } })),
    [`GET ${base}/campaigns`]: authed((request) => paged("campaigns", campaigns, request)),
    [`GET ${base}/workflows`]: authed((request) => paged("workflows", workflows, request)),
    [`GET ${base}/tags`]: authed(() => ({ json: { tags: fake.tags } })),
    [`POST ${base}/subscribers`]: authed((request) => {
      const list = entries(request);
      if (list.length === 0) return fail(422, "validation_error", "Subscribers is required");
      const done = list.map(upsert);
      if (done.some((s) => !s)) return fail(422, "validation_error", "Email is invalid");
      return { json: { subscribers: done.map((s) => view(s as FakeDripSubscriber)) } };
    }),
  });
  return fake;
}
