/*
 * A loopback ManyChat Page API, written from ManyChat's public reference:
 * - https://api.manychat.com/swagger (the Page API's OpenAPI document,
 *   https://api.manychat.com/swagger/compileJson?type=Page_API): `Authorization: Bearer <API key>`
 *   (Settings → API); answers `{ "status": "success", "data": … }`, errors `{ "status": "error",
 *   "message": "…", "details": … }`
 * - GET /fb/page/getInfo (the page: `id`, `name`…), GET /fb/page/getTags (`[{ id, name }]`),
 *   GET /fb/page/getFlows (`{ flows: [{ ns, name, folder_id }], folders }`)
 * - GET /fb/subscriber/findBySystemField?email= (the subscriber with that email; `data` empty when none)
 * - POST /fb/subscriber/addTag, /fb/subscriber/removeTag `{ subscriber_id, tag_id }` (integers)
 * - POST /fb/sending/sendContent `{ subscriber_id, data: { version: "v2", content: { messages } },
 *   message_tag }` (messages `{ type: "text", text }` or `{ type: "image"|"video"|"audio"|"file", url }`)
 * - POST /fb/sending/sendFlow `{ subscriber_id, flow_ns }`
 * - https://developers.facebook.com/docs/messenger-platform/send-messages/message-tags (CONFIRMED_EVENT_UPDATE:
 *   reminders and updates for an event the person registered for, allowed outside the 24-hour window)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const MANYCHAT_KEY = "1234567:0a1b2c3d4e5f67890a1b2c3d4e5f6789";

export interface FakeManyChat extends FakeService {
  /** Tag ids by subscriber id. */
  tagged: Map<number, Set<number>>;
  /** Messages and flows sent, in order. */
  sent: Array<{ subscriber_id: number; messages?: unknown[]; flow_ns?: string; message_tag?: unknown }>;
  /** The next send: `lost-answer` delivers it and then answers 502 (the answer was lost on the way). */
  fault?: "lost-answer" | undefined;
}

const SUBSCRIBERS: Record<string, number> = { "ada@example.com": 1_090_001 };
const TAGS = [
  { id: 301, name: "Registered" },
  { id: 302, name: "Attended" },
];
const FLOWS = [
  { ns: "content20240305120000_123456", name: "Webinar reminder", folder_id: 0 },
  { ns: "content20240305120500_654321", name: "Replay follow-up", folder_id: 0 },
];
const MEDIA = new Set(["image", "video", "audio", "file"]);

const error = (status: number, message: string, details?: unknown): FakeAnswer => ({
  status,
  json: { status: "error", message, ...(details !== undefined && { details }) },
});
const success = (data: unknown = {}): FakeAnswer => ({ json: { status: "success", data } });

function guarded(answer: (request: ReceivedRequest) => FakeAnswer): (request: ReceivedRequest) => FakeAnswer {
  return (request) => {
    if (request.headers.authorization !== `Bearer ${MANYCHAT_KEY}`) return error(401, "Wrong format token");
    if (request.method === "POST" && !String(request.headers["content-type"]).includes("application/json")) {
      return error(400, "Validation error", { messages: ["The request body must be JSON"] });
    }
    return answer(request);
  };
}

const body = (request: ReceivedRequest) => (request.data ?? {}) as Record<string, unknown>;
const knownSubscriber = (id: unknown) => typeof id === "number" && Object.values(SUBSCRIBERS).includes(id);

/** A ManyChat page "Acme Webinars" with one subscriber (ada@example.com), two tags and two flows. */
export async function startFakeManyChat(): Promise<FakeManyChat> {
  const tagged = new Map<number, Set<number>>();
  const sent: FakeManyChat["sent"] = [];
  const state: { fault?: FakeManyChat["fault"] } = {};
  const deliver = (entry: FakeManyChat["sent"][number]): FakeAnswer => {
    sent.push(entry);
    const fault = state.fault;
    state.fault = undefined;
    return fault === "lost-answer" ? error(502, "Bad Gateway") : success();
  };
  const tagWrite = (add: boolean) =>
    guarded((request) => {
      const { subscriber_id, tag_id } = body(request);
      if (!knownSubscriber(subscriber_id)) return error(400, "Subscriber does not exist");
      if (!TAGS.some((tag) => tag.id === tag_id)) return error(400, "Tag not found");
      const tags = tagged.get(subscriber_id as number) ?? new Set<number>();
      if (add) tags.add(tag_id as number);
      else tags.delete(tag_id as number);
      tagged.set(subscriber_id as number, tags);
      return success();
    });
  const fake = await startFakeService({
    "GET /fb/page/getInfo": guarded(() => success({ id: 104_000_000_001, name: "Acme Webinars", category: "Education", is_pro: true })),
    "GET /fb/page/getTags": guarded(() => success(TAGS)),
    "GET /fb/page/getFlows": guarded(() => success({ flows: FLOWS, folders: [] })),
    "GET /fb/subscriber/findBySystemField": guarded((request) => {
      const email = request.query.get("email");
      const phone = request.query.get("phone");
      if (!email && !phone) return error(400, "Validation error", { messages: ["email or phone is required"] });
      const id = email ? SUBSCRIBERS[email] : undefined;
      return success(id ? { id, first_name: "Ada", last_name: "Lovelace", email } : []);
    }),
    "POST /fb/subscriber/addTag": tagWrite(true),
    "POST /fb/subscriber/removeTag": tagWrite(false),
    "POST /fb/sending/sendContent": guarded((request) => {
      const { subscriber_id, data, message_tag } = body(request);
      if (!knownSubscriber(subscriber_id)) return error(400, "Subscriber does not exist");
      const content = (data as { version?: string; content?: { messages?: Array<Record<string, unknown>> } } | undefined) ?? {};
      const messages = content.content?.messages;
      if (content.version !== "v2" || !Array.isArray(messages) || messages.length === 0) {
        return error(400, "Validation error", { messages: ["data.version must be v2 and content.messages non-empty"] });
      }
      for (const message of messages) {
        if (message.type === "text" ? !message.text : !(MEDIA.has(String(message.type)) && String(message.url).startsWith("http"))) {
          return error(400, "Validation error", { messages: [`Unsupported message: ${JSON.stringify(message)}`] });
        }
      }
      return deliver({ subscriber_id: subscriber_id as number, messages, message_tag });
    }),
    "POST /fb/sending/sendFlow": guarded((request) => {
      const { subscriber_id, flow_ns } = body(request);
      if (!knownSubscriber(subscriber_id)) return error(400, "Subscriber does not exist");
      if (!FLOWS.some((flow) => flow.ns === flow_ns)) return error(400, "Flow not found");
      return deliver({ subscriber_id: subscriber_id as number, flow_ns: flow_ns as string });
    }),
  });
  return Object.defineProperties(Object.assign(fake, { tagged, sent }), {
    fault: { get: () => state.fault, set: (fault: FakeManyChat["fault"]) => (state.fault = fault), enumerable: true },
  }) as FakeManyChat;
}
