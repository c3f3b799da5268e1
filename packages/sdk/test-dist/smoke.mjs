// Smoke test of the BUILT package (dist/), as a partner's Node 20 app would load it: ESM here,
// CJS in smoke.cjs. The unit suite runs on src/; this checks what npm would ship.
import { createServer } from "node:http";
import { once } from "node:events";
import assert from "node:assert/strict";
import * as v from "valibot";
import { createClient, createFetcher, webinarsList, formsCreate, ApiError, createMasterSetting, planLimitsFor } from "@cuepoint/sdk";
import { createUploader, CANCELED } from "@cuepoint/sdk/upload";
import { nodeInstant } from "@cuepoint/sdk/timeline";
import { TimelineNodeSchema } from "@cuepoint/sdk/schemas";
import { checkEmail } from "@cuepoint/sdk/rules";

const server = createServer((req, res) => {
  res.setHeader("content-type", "application/json");
  if (req.url.startsWith("/api/webinars")) {
    res.end(JSON.stringify({ success: [{ webinarID: "w1" }], total: 1, auth: req.headers.authorization }));
  } else if (req.url.startsWith("/api/upload/chunk")) {
    req.resume();
    req.on("end", () => res.end(JSON.stringify(req.method === "GET" ? { chunks: [] } : { message: { uuid: "u", uniqueID: "m1", type: "image", id: 7 } })));
  } else {
    res.statusCode = 422;
    res.end(JSON.stringify({ message: "Name is required", field: "name" }));
  }
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
const apiURL = `http://127.0.0.1:${server.address().port}/api`;

try {
  const client = createClient({ apiURL, token: "t0k" });
  const page = await client.webinars.list({ page: 1, type: "upcoming" });
  assert.equal(page.total, 1);
  assert.equal(page.auth, "Bearer t0k");
  await assert.rejects(client.forms.create({ name: "" }), (e) => e instanceof ApiError && e.field === "name");
  // The call functions, on the request core and on the client.
  const api = createFetcher({ apiURL, token: "t0k" });
  assert.deepEqual(await webinarsList(api, { page: 1, type: "upcoming" }), page);
  await assert.rejects(formsCreate(client, { name: "" }), (e) => e instanceof ApiError && e.field === "name");

  const uploader = createUploader({ endpoint: `${apiURL}/upload/chunk`, userId: "u1" });
  const [item] = uploader.add([new File(["hello"], "a.png", { type: "image/png" })]);
  const result = await uploader.done(item.uuid);
  assert.notEqual(result, CANCELED);
  assert.equal(uploader.getState().allUploaded, true);

  assert.equal(createMasterSetting().general.timeZone, "America/Los_Angeles");
  assert.equal(planLimitsFor("00").timelines, 2);
  assert.equal(checkEmail("host@example.com").ok, true);
  assert.equal(v.parse(TimelineNodeSchema, { days: 2, isAfter: -1 }).days, 2);
  assert.equal(v.safeParse(TimelineNodeSchema, { isAfter: 0 }).success, false);
  const at = nodeInstant({ days: 1, hours: 0, minutes: 0, isAfter: -1 }, { start: "2026-03-08T17:00:00Z", timeZone: "America/Los_Angeles" });
  assert.equal(at.toISOString(), "2026-03-07T18:00:00.000Z");
  console.log("dist smoke (ESM): ok");
} finally {
  server.close();
}
