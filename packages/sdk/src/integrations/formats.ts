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
 * Whether a value is a whole port number from 1 to 65535 (number or digit string).
 *
 * @example
 * isPort("587"); // true
 */
export function isPort(value: unknown): boolean {
  const port = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof port === "number" && Number.isInteger(port) && port >= 1 && port <= 65535;
}
