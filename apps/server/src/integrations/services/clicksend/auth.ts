/**
 * ClickSend's HTTP Basic header from the integration's API username and key, or undefined when
 * either is missing (https://developers.clicksend.com/docs/getting-started).
 */
export function basicAuth(credentials: Record<string, unknown>): string | undefined {
  const username = String(credentials.api_username ?? "").trim();
  const key = String(credentials.key ?? "").trim();
  if (!username || !key) return undefined;
  return `Basic ${Buffer.from(`${username}:${key}`).toString("base64")}`;
}
