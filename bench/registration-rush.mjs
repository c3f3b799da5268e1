// Registration rush: a mailing's crowd registering at once through the public endpoint
// (POST /api/public/timelines/:id/registrations), on one server instance, the embedded database
// unless re-run under PostgreSQL (BENCH_RUSH_POSTGRES=1).
//
//   node bench/registration-rush.mjs        (BENCH_RUSH_COUNT=2000, BENCH_RUSH_CONCURRENCY=20)
//
// Each registration comes from its own client address: the server runs on 127.0.0.1 and takes the
// right-most X-Forwarded-For entry from a loopback peer as the client (apps/server/src/public/
// clientIp.ts, the reverse-proxy setup), so the bench sends one per registration. Then:
// - lost: every 201's registrantId must be in the account's leads, and the leads total must equal
//   the accepted count; duplicated: a second post of 200 of the same emails must answer 200 with the
//   same registrantId and add no row;
// - abuse: one address sending valid registrations must be stopped (429) after its allowance, while
//   invalid posts from another address do not use up its allowance.
import { performance } from "node:perf_hooks";
import { benchDb, bounded, cpuSeconds, loadSdk, loggedInClient, machineLine, mode, percentile, printTable, rerunUnderPostgres, startServer, tempDir } from "./server-harness.mjs";

const COUNT = Number(process.env.BENCH_RUSH_COUNT ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_RUSH_CONCURRENCY ?? 20);
const GOALS = { perSecond: 100, p99: 500 };
const EMAIL = "bench-rush@example.com";
const PASSWORD = "Bench-rush-1";

/** The address of registration `i`: 10.x.y.z, one per registration. */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function runMode() {
  console.log(`\n== Registration rush, ${mode()}: ${COUNT} registrations, ${CONCURRENCY} at a time ==`);
  console.log(machineLine());
  const dir = await tempDir("rush");
  const env = { CUEPOINT_DATA_DIR: `${dir}/data`, CUEPOINT_MEDIA_DIR: `${dir}/media` };
  const seeded = await benchDb(["setup", "--email", EMAIL, "--password", PASSWORD, "--role", "admin", "--timeline"], env, 300_000);
  const sdk = await loadSdk();
  const server = await startServer(env);
  const { client } = await loggedInClient(sdk, server.apiURL, EMAIL, PASSWORD);
  const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await client.webinars.create({ webinarTimeline: seeded.timelineId, start: `${start}T10:00`, name: "Launch" });
  const formURL = `${server.apiURL}/public/timelines/${seeded.timelineId}/registration`;
  const { success: form } = await (await fetch(formURL)).json();
  const eventId = form.sessions[0]?.eventId;
  if (!eventId) throw new Error("the timeline has no open session");
  const url = `${server.apiURL}/public/timelines/${seeded.timelineId}/registrations`;

  const post = async (i, body, address = addressOf(i)) => {
    const started = performance.now();
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address, origin: "https://landing.example.com" },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    return { status: response.status, ms: performance.now() - started, id: answer.success?.registrantId };
  };
  const person = (i) => ({ name: `Guest ${i}`, email: `guest${i}@example.com`, phone: `+1555${String(i).padStart(7, "0")}`, eventId });

  /** Runs `count` posts, `CONCURRENCY` in flight, and answers their results in order. */
  async function rush(count, make) {
    const results = new Array(count);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          const i = next++;
          results[i] = await make(i);
        }
      }),
    );
    return results;
  }

  // A short warm-up on other addresses (the first calls compile the route's code paths).
  await rush(40, (i) => post(COUNT + i, person(COUNT + i)));

  const started = performance.now();
  const cpuBefore = cpuSeconds(server.pid);
  const results = await rush(COUNT, (i) => post(i, person(i)));
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / COUNT;
  const accepted = results.filter((r) => r.status === 201);
  const counts = new Map();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const statuses = [...counts].map(([status, n]) => `${status}×${n}`);
  const latencies = results.map((r) => r.ms);

  // Repeats: the same people again answer 200 with their own registrant, and add nothing.
  const repeats = await rush(200, (i) => post(i, person(i), addressOf(COUNT + 1000 + i)));
  const repeatsOk = repeats.every((r, i) => r.status === 200 && r.id === results[i].id);

  const ids = new Set(accepted.map((r) => r.id));
  const leads = await client.leads.list({ page: 1, filter: "all" });
  const stored = leads.total - 40; // the warm-up's
  const lost = accepted.length - Math.min(accepted.length, stored);
  const duplicated = accepted.length - ids.size + Math.max(0, stored - accepted.length);

  // Abuse from one address: valid registrations are stopped; invalid ones from another address do
  // not use up that address's allowance.
  const abuse = [];
  for (let i = 0; i < 60; i++) abuse.push((await post(50_000 + i, person(50_000 + i), "192.0.2.66")).status);
  const firstRefused = abuse.indexOf(429);
  const invalid = [];
  for (let i = 0; i < 60; i++) invalid.push((await post(60_000 + i, { name: "", email: `empty${i}@example.com`, eventId }, "192.0.2.77")).status);
  const afterInvalid = (await post(70_000, person(70_000), "192.0.2.77")).status;
  await server.stop();

  const perSecond = accepted.length / seconds;
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(`answers: ${statuses.join(", ")} in ${seconds.toFixed(2)} s`);
  printTable(
    ["figure", "measured", "goal", ""],
    [
      ["accepted registrations/s (sustained)", perSecond.toFixed(1), `≥ ${GOALS.perSecond}`, perSecond >= GOALS.perSecond ? "met" : "MISSED"],
      ["latency p50 (ms)", p50.toFixed(1), "", ""],
      ["server CPU per registration (ms)", cpuMs.toFixed(2), "", ""],
      ["latency p99 (ms)", p99.toFixed(1), `≤ ${GOALS.p99}`, p99 <= GOALS.p99 ? "met" : "MISSED"],
      ["accepted", `${accepted.length}/${COUNT}`, `${COUNT}`, accepted.length === COUNT ? "met" : "MISSED"],
      ["lost (accepted, not stored)", lost, "0", lost === 0 ? "met" : "MISSED"],
      ["duplicated", duplicated, "0", duplicated === 0 ? "met" : "MISSED"],
      ["repeats answered 200, same registrant", repeatsOk ? "200/200" : "no", "all", repeatsOk ? "met" : "MISSED"],
      ["one address, 60 valid posts: first 429 at", firstRefused < 0 ? "never" : `#${firstRefused + 1}`, "stopped", firstRefused >= 0 ? "met" : "MISSED"],
      ["60 invalid posts, then a valid one", `${invalid.filter((s) => s === 400).length}×400 (no name), then ${afterInvalid}`, "201", afterInvalid === 201 ? "met" : "MISSED"],
    ],
  );
}

await bounded(20 * 60_000, async () => {
  await runMode();
  if (process.env.BENCH_RUSH_POSTGRES === "1" && !process.env.BENCH_POSTGRES_CHILD) await rerunUnderPostgres(new URL(import.meta.url).pathname);
});
