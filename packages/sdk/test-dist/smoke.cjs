// The same package through require(): every entry loads and its main export works.
const assert = require("node:assert/strict");
const sdk = require("@cuepoint/sdk");
const { createUploader } = require("@cuepoint/sdk/upload");
const { nodeInstant } = require("@cuepoint/sdk/timeline");
const { createMasterSetting } = require("@cuepoint/sdk/schemas");
const { checkPassword } = require("@cuepoint/sdk/rules");

assert.equal(typeof sdk.createClient({ apiURL: "http://127.0.0.1:1/api" }).webinars.list, "function");
assert.equal(typeof sdk.webinarsList, "function");
assert.equal(typeof sdk.roomChatSend, "function");
assert.equal(typeof createUploader({ endpoint: "http://127.0.0.1:1/u", userId: "u" }).add, "function");
assert.equal(createMasterSetting().general.joinStart, 15);
assert.equal(checkPassword("Abcdef1!").ok, true);
assert.equal(
  nodeInstant({ days: 1, hours: 0, minutes: 0, isAfter: 1 }, { start: "2026-10-31T17:00:00Z", timeZone: "America/Los_Angeles" }).toISOString(),
  "2026-11-01T18:00:00.000Z",
);
console.log("dist smoke (CJS): ok");
