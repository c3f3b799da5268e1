/**
 * The host-name rule of spec §5 (Domain integration): word characters with dots, dashes or plus,
 * ending in a 2 to 6 letter top-level label. No scheme, path or port.
 *
 * @example
 * DOMAIN_PATTERN.test("events.example.com"); // true
 * DOMAIN_PATTERN.test("https://example.com"); // false
 */
export const DOMAIN_PATTERN = /^[\w.+-]+\.[A-Za-z]{2,6}$/;

/**
 * An AWS region code such as us-east-1 or ap-southeast-2.
 *
 * @example
 * AWS_REGION_PATTERN.test("eu-west-3"); // true
 */
export const AWS_REGION_PATTERN = /^[a-z]{2}(?:-[a-z]+)+-\d{1,2}$/;

/**
 * Whether a value is an http(s) address whose host ends in a letter top-level label (spec §5 URL
 * rule: begins with http or https and has a valid domain suffix).
 *
 * @example
 * isHttpUrl("https://hooks.zapier.com/hooks/catch/1/abc"); // true
 * isHttpUrl("ftp://example.com"); // false
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  let host: string;
  try {
    host = new URL(value).hostname;
  } catch {
    return false;
  }
  return /\.[a-z]{2,}$/i.test(host);
}

/**
 * Whether a value is a whole port number from 1 to 65535 (number or digit string).
 *
 * @example
 * isPort("587"); // true
 */
export function isPort(value: unknown): boolean {
  const port = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof port === "number" && Number.isInteger(port) && port >= 1 && port <= 65535;
}
