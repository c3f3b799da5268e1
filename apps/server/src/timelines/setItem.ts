import * as v from "valibot";
import { TimelineMasterSettingSchema, type MasterSettingSection, type TimelineMasterSetting } from "@cuepoint/sdk";
import { badRequest } from "../http/errors.js";
import { describeIssue } from "../http/input.js";

const FORBIDDEN_SEGMENTS = new Set(["__proto__", "prototype", "constructor"]);

type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container => typeof value === "object" && value !== null;

/**
 * The setting with one field changed: `key` is a dot path inside `section` (`countdown.duration`,
 * `presenters.0`). The whole setting is parsed again with the SDK's schema, so the value meets the
 * same rule a full save would (400 on `value` with the rule's message), and a key the section does
 * not have is refused rather than silently dropped. Without a value the field goes back to its
 * default.
 */
export function setSettingItem(
  setting: TimelineMasterSetting,
  section: MasterSettingSection,
  key: string,
  value: unknown,
): TimelineMasterSetting {
  const segments = key.split(".");
  if (segments.some((segment) => segment === "" || FORBIDDEN_SEGMENTS.has(segment))) {
    throw badRequest(`"${key}" is not a field path: use names separated by dots, such as countdown.duration.`, "key");
  }
  const copy = structuredClone(setting) as Record<string, unknown>;
  let container: unknown = copy[section];
  for (const segment of segments.slice(0, -1)) {
    container = isContainer(container) ? (container as Record<string, unknown>)[segment] : undefined;
    if (!isContainer(container)) throw unknownKey(section, key);
  }
  const last = segments.at(-1) ?? "";
  (container as Record<string, unknown>)[last] = value;

  const result = v.safeParse(TimelineMasterSettingSchema, copy, { abortPipeEarly: true });
  if (!result.success) {
    throw badRequest(describeIssue(result.issues[0]).message, "value");
  }
  if (value !== undefined && readPath(result.output[section], segments) === undefined) throw unknownKey(section, key);
  return result.output;
}

function readPath(root: unknown, segments: readonly string[]): unknown {
  let current = root;
  for (const segment of segments) current = isContainer(current) ? (current as Record<string, unknown>)[segment] : undefined;
  return current;
}

const unknownKey = (section: string, key: string) =>
  badRequest(`The ${section} setting has no field "${key}".`, "key");
