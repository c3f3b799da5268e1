import { accountCalls } from "./accountCalls.js";
import { automationCalls } from "./automationCalls.js";
import { integrationCalls } from "./integrationCalls.js";
import { libraryCalls } from "./libraryCalls.js";
import { registrationCalls } from "./registrationCalls.js";
import { roomCalls } from "./roomCalls.js";
import { roomConsoleCalls } from "./roomConsoleCalls.js";
import { timelineCalls } from "./timelineCalls.js";
import type { CallRow } from "./types.js";
import { webinarCalls } from "./webinarCalls.js";

/** Every row of every group: each method of the client and what the server must receive from it. */
export const allCalls: Record<string, CallRow> = {
  ...accountCalls,
  ...integrationCalls,
  ...webinarCalls,
  ...timelineCalls,
  ...libraryCalls,
  ...registrationCalls,
  ...roomCalls,
  ...roomConsoleCalls,
  ...automationCalls,
};
