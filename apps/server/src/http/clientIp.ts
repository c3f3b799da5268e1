import type { Context } from "hono";

/** Loopback and private-network peers: a reverse proxy on the same host or network. */
const PROXY_PEER = /^(::1|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|fc|fd|::ffff:(127|10|192\.168)\.)/i;

/**
 * The address a public request comes from, for per-IP rate limits. The socket's peer address,
 * unless that peer is a proxy on loopback or a private network: then the right-most
 * `X-Forwarded-For` entry, which is the address that proxy saw (entries to its left are whatever
 * the client wrote, so they are not trusted). In-process calls (tests, `app.request`) have no
 * socket and are read like a proxied request.
 *
 * @example
 * clientIp(c); // "203.0.113.7"
 */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = env?.incoming?.socket?.remoteAddress;
  if (peer && !PROXY_PEER.test(peer)) return peer;
  const forwarded = c.req
    .header("x-forwarded-for")
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  return forwarded ?? peer ?? "unknown";
}
