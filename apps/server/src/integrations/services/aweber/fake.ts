/**
 * A loopback AWeber, written from AWeber's public API reference:
 * - https://api.aweber.com (API 1.0 reference: Accounts, Lists, Subscribers, Tags, Troubleshooting,
 *   OAuth 2.0 overview)
 * - https://api.aweber.com/#tag/Subscribers (find `ws.op=find`, add `POST`, update `PATCH` with
 *   `tags: { add, remove }` answering 209, move `ws.op=move` + `list_link`, delete)
 * - https://github.com/aweber/public-api-examples (python/manage-subscriber, move-subscriber,
 *   get-tags, find-subscribers-across-lists: the request shapes as AWeber's own examples send them)
 *
 * It checks the Bearer token on every call, JSON bodies on writes, and answers the documented
 * shapes: collections `{ entries, start, total_size, next_collection_link }`, a list's tags as an
 * array of names, a new subscriber as 201 with its `Location`, errors as
 * `{ error: { status, type, message, documentation_url } }`.
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

const API = "https://api.aweber.com/1.0";
const DOCS = "https://api.aweber.com/#tag/Troubleshooting";

export interface FakeSubscriber {
  id: number;
  list: number;
  email: string;
  name: string;
  tags: string[];
  status: "subscribed" | "unconfirmed" | "unsubscribed";
}

export interface AWeberFake extends FakeService {
  token: string;
  account: number;
  lists: Array<{ id: number; name: string; tags: string[] }>;
  subscribers: FakeSubscriber[];
  /** Adds a subscriber as if it had signed up (its routes included). */
  seed(subscriber: Omit<FakeSubscriber, "id">): FakeSubscriber;
  /** The next call to `"METHOD /path"` is carried out, but its answer is lost: a 502 arrives instead. */
  loseNextAnswer(route: string): void;
}

const error = (status: number, type: string, message: string): FakeAnswer => ({
  status,
  json: { error: { status, type, message, documentation_url: DOCS } },
});

const collection = (entries: unknown[], request: ReceivedRequest): FakeAnswer => {
  const start = Number(request.query.get("ws.start") ?? 0);
  const size = Math.min(Number(request.query.get("ws.size") ?? 100), 100);
  const page = entries.slice(start, start + size);
  const more = start + size < entries.length;
  return {
    json: {
      entries: page,
      start,
      total_size: entries.length,
      ...(more && { next_collection_link: `${API}${request.path.replace(/^\/1\.0/, "")}?ws.start=${start + size}&ws.size=${size}` }),
    },
  };
};

export async function startAWeberFake(options: { token?: string; account?: number } = {}): Promise<AWeberFake> {
  const token = options.token ?? "aweber-token-0123456789";
  const account = options.account ?? 1001;
  const base = `/1.0/accounts/${account}`;
  const lists = [
    { id: 501, name: "Webinar leads", tags: ["vip", "replay"] },
    { id: 502, name: "Customers", tags: [] as string[] },
  ];
  const subscribers: FakeSubscriber[] = [];
  let nextId = 9;
  const fake = (await startFakeService()) as AWeberFake;
  const lost = new Set<string>();

  /** The token check every API call passes first, then the route's own answer. */
  const authed = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) => {
    if (request.headers.authorization !== `Bearer ${fake.token}`) {
      return error(401, "UnauthorizedError", "Invalid access token. Please re-authorize your application.");
    }
    const answered = answer(request);
    return lost.delete(`${request.method} ${request.path}`) ? error(502, "BadGatewayError", "Bad Gateway") : answered;
  };
  const jsonBody = (answer: (request: ReceivedRequest, body: Record<string, unknown>) => FakeAnswer) =>
    authed((request) =>
      request.headers["content-type"]?.includes("application/json") && request.data && typeof request.data === "object"
        ? answer(request, request.data as Record<string, unknown>)
        : error(400, "WebServiceError", "Request body must be JSON (Content-Type: application/json)."),
    );

  const view = (subscriber: FakeSubscriber) => ({
    id: subscriber.id,
    email: subscriber.email,
    name: subscriber.name,
    status: subscriber.status,
    tags: subscriber.tags,
    self_link: `${API}/accounts/${account}/lists/${subscriber.list}/subscribers/${subscriber.id}`,
  });
  const live = (id: number, list: number) => subscribers.find((s) => s.id === id && s.list === list);
  const listOf = (link: unknown) => {
    const match = typeof link === "string" ? new RegExp(`^${API}/accounts/${account}/lists/(\\d+)$`).exec(link) : null;
    return lists.find((list) => list.id === Number(match?.[1]));
  };

  const add = (subscriber: Omit<FakeSubscriber, "id">): FakeSubscriber => {
    const created = { ...subscriber, id: nextId++ };
    subscribers.push(created);
    const list = lists.find((l) => l.id === created.list);
    for (const tag of created.tags) if (list && !list.tags.includes(tag)) list.tags.push(tag);
    routesOf(created.id, created.list);
    return created;
  };

  function routesOf(id: number, list: number) {
    const path = `${base}/lists/${list}/subscribers/${id}`;
    const missing = error(404, "NotFoundError", "Object not found.");
    fake.on({
      [`PATCH ${path}`]: jsonBody((_request, body) => {
        const subscriber = live(id, list);
        if (!subscriber) return missing;
        const tags = (body.tags ?? {}) as { add?: unknown; remove?: unknown };
        const names = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
        for (const tag of names(tags.add)) if (!subscriber.tags.includes(tag)) subscriber.tags.push(tag);
        subscriber.tags = subscriber.tags.filter((tag) => !names(tags.remove).includes(tag));
        return { status: 209, json: view(subscriber) };
      }),
      [`POST ${path}`]: jsonBody((_request, body) => {
        const subscriber = live(id, list);
        if (!subscriber) return missing;
        if (body["ws.op"] !== "move") return error(400, "WebServiceError", "ws.op: Unknown operation.");
        const target = listOf(body.list_link);
        if (!target) return error(400, "WebServiceError", "list_link: Invalid list link.");
        if (subscribers.some((s) => s.list === target.id && s.email === subscriber.email)) {
          return error(400, "WebServiceError", "Subscriber already subscribed to the destination list.");
        }
        subscribers.splice(subscribers.indexOf(subscriber), 1);
        const moved = add({ ...subscriber, list: target.id });
        return { status: 201, headers: { location: view(moved).self_link } };
      }),
      [`DELETE ${path}`]: authed(() => {
        const subscriber = live(id, list);
        if (!subscriber) return missing;
        if (subscriber.status !== "subscribed") return error(405, "MethodNotAllowedError", "Only confirmed subscribers can be deleted.");
        subscribers.splice(subscribers.indexOf(subscriber), 1);
        return { status: 204 };
      }),
    });
  }

  fake.token = token;
  fake.account = account;
  fake.lists = lists;
  fake.subscribers = subscribers;
  fake.seed = add;
  fake.loseNextAnswer = (route) => lost.add(route);
  fake.on({
    // OAuth 2.0 token endpoint (https://auth.aweber.com/oauth2/token): client credentials in Basic auth.
    "POST /oauth2/token": (request) => {
      const form = request.data as Record<string, string> | undefined;
      if (!request.headers.authorization?.startsWith("Basic ")) return { status: 401, json: { error: "invalid_client" } };
      if (form?.grant_type !== "authorization_code" && form?.grant_type !== "refresh_token") {
        return { status: 400, json: { error: "unsupported_grant_type" } };
      }
      return { json: { access_token: fake.token, refresh_token: "aweber-refresh", token_type: "bearer", expires_in: 7200 } };
    },
    "GET /1.0/accounts": authed((request) => collection([{ id: account, self_link: `${API}/accounts/${account}` }], request)),
    [`GET ${base}`]: authed((request) => {
      if (request.query.get("ws.op") !== "findSubscribers") return { json: { id: account, self_link: `${API}/accounts/${account}` } };
      const email = request.query.get("email");
      return collection(subscribers.filter((s) => s.email === email).map(view), request);
    }),
    [`GET ${base}/lists`]: authed((request) =>
      collection(lists.map((list) => ({ id: list.id, name: list.name, self_link: `${API}/accounts/${account}/lists/${list.id}` })), request),
    ),
  });
  for (const list of lists) {
    const path = `${base}/lists/${list.id}`;
    fake.on({
      [`GET ${path}/tags`]: authed(() => ({ json: list.tags })),
      [`GET ${path}/subscribers`]: authed((request) => {
        if (request.query.get("ws.op") !== "find") return collection(subscribers.filter((s) => s.list === list.id).map(view), request);
        const email = request.query.get("email");
        return collection(subscribers.filter((s) => s.list === list.id && s.email === email).map(view), request);
      }),
      [`POST ${path}/subscribers`]: jsonBody((_request, body) => {
        if (typeof body.email !== "string" || !body.email.includes("@")) return error(400, "WebServiceError", "email: Invalid email address.");
        if (subscribers.some((s) => s.list === list.id && s.email === body.email)) {
          return error(400, "WebServiceError", "email: Subscriber already subscribed.");
        }
        const tags = Array.isArray(body.tags) ? body.tags.map(String) : [];
        const created = add({ list: list.id, email: body.email, name: String(body.name ?? ""), tags, status: "subscribed" });
        return { status: 201, headers: { location: view(created).self_link } };
      }),
    });
  }
  return fake;
}
