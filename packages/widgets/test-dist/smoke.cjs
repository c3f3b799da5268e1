// The built CommonJS entries load through require.
const assert = require("node:assert/strict");
const { createElement } = require("react");
const { renderToString } = require("react-dom/server");
const { createRegistrationForm } = require("@cuepoint/widgets");
const { RegistrationForm } = require("@cuepoint/widgets/react");
const { RegistrationForm: PreactForm } = require("@cuepoint/widgets/preact");

assert.equal(typeof createRegistrationForm, "function");
assert.equal(typeof PreactForm, "function");
assert.match(renderToString(createElement(RegistrationForm, { timelineId: "t1", apiURL: "https://x.test/api" })), /aria-busy="true"/);
console.log("CJS smoke: ok");
