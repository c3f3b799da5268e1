import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A small OAuth provider (and the few Mailchimp API calls a connected integration makes) on
 * 127.0.0.1, standing in for login.mailchimp.com and {dc}.api.mailchimp.com during the e2e run.
 * globalSetup points the e2e server at it with CUEPOINT_MAILCHIMP_OAUTH_BASE_URL / _BASE_URL.
 */

/** The OAuth app the e2e server is configured with (CUEPOINT_MAILCHIMP_CLIENT_ID / _SECRET). */
export const E2E_OAUTH_CLIENT = { id: "e2e-mailchimp-client", secret: "e2e-mailchimp-secret" };

/** The code the consent page hands back, and the token it is exchanged for. */
const CODE = "e2e-code";
const TOKEN = "e2e-mailchimp-token-0001";

/** The audiences and tags (segments) the fake account holds: what action forms pick from. */
export const E2E_MAILCHIMP_LISTS = [
  { id: "aud-news", name: "Newsletter" },
  { id: "aud-buyers", name: "Buyers" },
];
export const E2E_MAILCHIMP_TAGS = [{ id: 31, name: "webinar-lead" }];

export interface OAuthProvider {
  url: string;
  close: () => Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = "";
  for await (const chunk of request) body += String(chunk);
  return body;
};

/**
 * Starts the provider. `GET /oauth2/authorize` is the consent page: it approves at once and
 * redirects to `redirect_uri` with a code and the state; `POST /oauth2/token` exchanges the code
 * when the client id and secret are the e2e app's; the API answers only that token.
 *
 * @example
 * const provider = await startOAuthProvider();
 * env.CUEPOINT_MAILCHIMP_OAUTH_BASE_URL = provider.url;
 */
export async function startOAuthProvider(): Promise<OAuthProvider> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const route = `${request.method} ${url.pathname}`;
      if (route === "GET /oauth2/authorize") {
        const redirect = url.searchParams.get("redirect_uri");
        if (url.searchParams.get("client_id") !== E2E_OAUTH_CLIENT.id || !redirect) return json(400, { error: "invalid_client" });
        const back = new URL(redirect);
        back.searchParams.set("code", CODE);
        const state = url.searchParams.get("state");
        if (state) back.searchParams.set("state", state);
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }
      if (route === "POST /oauth2/token") {
        const form = new URLSearchParams(await readBody(request));
        const app = form.get("client_id") === E2E_OAUTH_CLIENT.id && form.get("client_secret") === E2E_OAUTH_CLIENT.secret;
        if (!app) return json(401, { error: "invalid_client" });
        if (form.get("code") !== CODE) return json(400, { error: "invalid_grant", error_description: "Invalid authorization code" });
        return json(200, { access_token: TOKEN, expires_in: 0, scope: null });
      }
      if (route === "GET /oauth2/metadata") {
        return request.headers.authorization === `OAuth ${TOKEN}` ? json(200, { dc: "us6", accountname: "E2E Media" }) : json(401, {});
      }
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { detail: "Bad token" });
      if (route === "GET /3.0/ping") return json(200, { health_status: "Everything's Chimpy!" });
      if (route === "GET /3.0/lists") return json(200, { lists: E2E_MAILCHIMP_LISTS });
      if (/^GET \/3\.0\/lists\/aud-news\/segments$/.test(route)) return json(200, { segments: E2E_MAILCHIMP_TAGS });
      if (/^GET \/3\.0\/lists\/[\w-]+\/segments$/.test(route)) return json(200, { segments: [] });
      return json(404, { detail: `No ${route} here` });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
