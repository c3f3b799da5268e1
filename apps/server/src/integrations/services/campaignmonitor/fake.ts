/**
 * A loopback Campaign Monitor, written from Campaign Monitor's public API v3.3 reference:
 * - https://www.campaignmonitor.com/api/subscribers/ (adding a subscriber `POST
 *   /api/v3.3/subscribers/{listid}.json` — an existing email is updated — answering 201 with the
 *   email; getting one `GET …/subscribers/{listid}.json?email=`; deleting one `DELETE
 *   …/subscribers/{listid}.json?email=`; error 203 "Subscriber not in list")
 * - https://www.campaignmonitor.com/api/getting-started/ (OAuth: `Authorization: Bearer`, token at
 *   https://api.createsend.com/oauth/token; errors `{ Code, Message }`, 120 invalid / 121 expired token)
 * - https://www.campaignmonitor.com/api/account/ (`GET /api/v3.3/clients.json`) and
 *   https://www.campaignmonitor.com/api/clients/ (`GET /api/v3.3/clients/{clientid}/lists.json`)
 * - https://github.com/campaignmonitor/createsend-python (lib/createsend/subscriber.py: the body
 *   fields `EmailAddress`, `Name`, `CustomFields`, `Resubscribe` as Campaign Monitor's client sends them)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export interface FakeCmSubscriber {
  list: string;
  email: string;
  name: string;
  state: "Active" | "Unsubscribed" | "Deleted";
}

export interface CampaignMonitorFake extends FakeService {
  token: string;
  subscribers: FakeCmSubscriber[];
  /** The next call to `"METHOD /path"` is carried out, but its answer is lost: a 502 arrives instead. */
  loseNextAnswer(route: string): void;
}

const fail = (status: number, Code: number, Message: string): FakeAnswer => ({ status, json: { Code, Message } });

export async function startCampaignMonitorFake(): Promise<CampaignMonitorFake> {
  const fake = (await startFakeService()) as CampaignMonitorFake;
  fake.token = "cm-token-0123456789";
  fake.subscribers = [];
  const clients = [
    { ClientID: "4a397ccaaa55eb4e6aa1221e1e2d7122", Name: "Acme Webinars", lists: [{ ListID: "8c7a9e2f", Name: "Registrants" }] },
    { ClientID: "9b2e1d7c5a8f4e3b", Name: "Acme Academy", lists: [{ ListID: "a1b2c3d4", Name: "Students" }] },
  ];
  const lost = new Set<string>();
  fake.loseNextAnswer = (route) => lost.add(route);

  const authed = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) => {
    if (request.headers.authorization !== `Bearer ${fake.token}`) return fail(401, 120, "Invalid OAuth Token");
    if (request.method === "POST" && !request.headers["content-type"]?.includes("application/json")) return fail(400, 400, "Failed to deserialize your request.");
    const answered = answer(request);
    return lost.delete(`${request.method} ${request.path}`) ? fail(502, 500, "Bad Gateway") : answered;
  };

  fake.on({
    "POST /oauth/token": (request) => {
      const form = request.data as Record<string, string> | undefined;
      if (form?.client_id !== "campaignmonitor-client" || form.client_secret !== "campaignmonitor-secret") {
        return { status: 400, json: { error: "invalid_client", error_description: "Invalid client" } };
      }
      return { json: { access_token: fake.token, expires_in: 1209600, refresh_token: "cm-refresh" } };
    },
    "GET /api/v3.3/clients.json": authed(() => ({ json: clients.map(({ ClientID, Name }) => ({ ClientID, Name })) })),
  });
  for (const client of clients) {
    fake.on({ [`GET /api/v3.3/clients/${client.ClientID}/lists.json`]: authed(() => ({ json: client.lists })) });
    for (const list of client.lists) {
      const path = `/api/v3.3/subscribers/${list.ListID}.json`;
      const on = (email: string | null) => fake.subscribers.find((s) => s.list === list.ListID && s.email === email);
      fake.on({
        [`POST ${path}`]: authed((request) => {
          const body = (request.data ?? {}) as Record<string, unknown>;
          if (typeof body.EmailAddress !== "string" || !body.EmailAddress.includes("@")) return fail(400, 1, "Invalid Email Address");
          if (!["Yes", "No", "Unchanged"].includes(String(body.ConsentToTrack))) return fail(400, 400, "ConsentToTrack is required: Yes, No or Unchanged.");
          const found = on(body.EmailAddress);
          if (found) {
            found.name = String(body.Name ?? found.name);
            if (found.state !== "Active" && body.Resubscribe === true) found.state = "Active";
          } else {
            fake.subscribers.push({ list: list.ListID, email: body.EmailAddress, name: String(body.Name ?? ""), state: "Active" });
          }
          return { status: 201, json: body.EmailAddress };
        }),
        [`GET ${path}`]: authed((request) => {
          const found = on(request.query.get("email"));
          if (!found) return fail(400, 203, "Subscriber not in list");
          return { json: { ListID: list.ListID, EmailAddress: found.email, Name: found.name, State: found.state, CustomFields: [] } };
        }),
        [`DELETE ${path}`]: authed((request) => {
          const found = on(request.query.get("email"));
          if (!found || found.state === "Deleted") return fail(400, 203, "Subscriber not in list");
          found.state = "Deleted";
          return { status: 200 };
        }),
      });
    }
  }
  return fake;
}
