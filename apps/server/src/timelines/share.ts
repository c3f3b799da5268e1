import { randomInt } from "node:crypto";
import type { TimelineBlocks, TimelineMasterSetting } from "@cuepoint/sdk";

/** No 0/O, 1/I/L: a code is read aloud and typed by hand. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 10;

/** A new share code: 10 characters, about 8·10^14 possibilities, so codes cannot be guessed. */
export function newShareCode(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A typed code as stored: upper case, spaces and dashes dropped ("x7k2-…" finds "X7K2…"). */
export const normaliseShareCode = (code: string): string => code.replace(/[\s-]/g, "").toUpperCase();

/**
 * What an imported copy keeps of a shared timeline. Integrations belong to the sharing account
 * (their credentials never travel), so every reference to one is cleared: the general
 * `integrationID`, the integration section, the autoresponder's senders and each action's
 * `integrationID` (its `integrationType` stays, so the host sees which kind to connect).
 */
export function scrubForImport(setting: TimelineMasterSetting, blocks: TimelineBlocks) {
  const copy: TimelineMasterSetting = {
    ...setting,
    general: { ...setting.general, integrationID: "" },
    integration: {},
    autoresponder: { ...setting.autoresponder, integrations: [] },
  };
  const nodes: TimelineBlocks = {};
  for (const [bucket, list] of Object.entries(blocks)) {
    nodes[bucket] = list.map((node) => ({ ...node, integrationID: "" }));
  }
  return { setting: copy, blocks: nodes };
}
