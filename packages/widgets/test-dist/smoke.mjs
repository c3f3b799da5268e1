// The built ESM entries load in Node (no window at import) and render a server placeholder.
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRegistrationForm, CSS } from "@cuepoint/widgets";
import { RegistrationForm } from "@cuepoint/widgets/react";
import { RegistrationForm as PreactForm } from "@cuepoint/widgets/preact";

assert.equal(typeof createRegistrationForm, "function");
assert.equal(typeof PreactForm, "function");
assert.ok(CSS.includes("--cuepoint-accent"));
const html = renderToString(createElement(RegistrationForm, { timelineId: "t1", apiURL: "https://x.test/api" }));
assert.match(html, /min-height:420px/);
console.log("ESM smoke: ok");
