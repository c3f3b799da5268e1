// Live room at scale (issue 13): one room, one server instance (apps/server/src/index.ts, the
// embedded database unless BENCH_ROOM_POSTGRES=1), attendees in other processes over loopback.
//
//   node bench/room.mjs          (BENCH_ROOM_ATTENDEES=10000, BENCH_ROOM_PROCESSES=4)
//
// Measures: attendees held (each with its channel open: `hello` received, and present in the
// host console's `presence`); a host message and a CTA push fanned out to all of them (send →
// receipt, p50/p99); 100 attendee messages a second into the host's console while the room is
// full (send → the console's `message`, p99); the server's RSS per 1,000 attendees; the
// attendance rows written per second for presence. Prints the goals and the anchors beside them.
import { spawn, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bounded, benchDir, cpuSeconds, machineLine, mib, mode, percentile, printTable, rerunUnderPostgres, rssOf, serverDir, startServer, tempDir, onCleanup } from "./server-harness.mjs";

const ATTENDEES = Number(process.env.BENCH_ROOM_ATTENDEES ?? 10_000);
const PROCESSES = Number(process.env.BENCH_ROOM_PROCESSES ?? 4);
const PROBES = Number(process.env.BENCH_ROOM_PROBES ?? 5);
const INBOX_SECONDS = Number(process.env.BENCH_ROOM_INBOX_SECONDS ?? 10);
const INBOX_RATE = 100;
const GOALS = { attendees: 10_000, fanoutP99: 1000, inboxP99: 1000 };
const ANCHORS = [
  "Demio: rooms hold 100 / 500 / 1,000 attendees by plan",
  "EasyWebinar: 5,000 automated viewers per session",
  "WebinarJam: chat limited to 3 messages per 5 s per attendee (Cuepoint: the same, ROOM_CHAT_LIMITS)",
];
const EMAIL = "bench-room@example.com";
const PASSWORD = "Bench-room-1";
const TSX = ["--import", "tsx", "--conditions=@cuepoint/source"];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value) => (value === undefined ? "—" : `${Math.round(value)} ms`);
const uptime = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/** The room's database: account, timeline, live event, registrants (the server is stopped). */
async function seed(env, tokensFile) {
  const child = spawn(process.execPath, [...TSX, "scripts/bench-room-db.ts", "--email", EMAIL, "--password", PASSWORD, "--registrants", String(ATTENDEES + INBOX_RATE * INBOX_SECONDS), "--out", tokensFile], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (piece) => (out += piece));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`bench-room-db failed (${code}): ${out}`);
  return JSON.parse(out.trim().split("\n").at(-1));
}

/** An event stream read with fetch: its events (name, id, data) as they come. */
async function stream(url, headers) {
  const abort = new globalThis.AbortController();
  onCleanup(async () => abort.abort());
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const listeners = new Set();
  const reader = response.body.pipeThrough(new globalThis.TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const lines = buffer.slice(0, cut).split("\n");
          buffer = buffer.slice(cut + 2);
          const field = (name) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const name = field("event");
          if (!name) continue;
          const at = Date.now();
          for (const listener of listeners) listener(name, JSON.parse(field("data") ?? "null"), at);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return { on: (listener) => listeners.add(listener), off: (listener) => listeners.delete(listener), close: () => abort.abort() };
}

async function runMode() {
  console.log(`\n== Live room, ${mode()}: ${ATTENDEES.toLocaleString("en")} attendees in ${PROCESSES} client processes ==`);
  console.log(machineLine());
  const dir = await tempDir("room-live");
  const env = { CUEPOINT_DATA_DIR: `${dir}/data`, CUEPOINT_MEDIA_DIR: `${dir}/media`, CUEPOINT_ENGINE: "off" };
  const tokensFile = join(dir, "tokens.txt");
  const seeded = await seed(env, tokensFile);
  const tokens = readFileSync(tokensFile, "utf8").split("\n");
  const server = await startServer(env);
  const api = server.apiURL;
  const form = new globalThis.FormData();
  form.set("email", EMAIL);
  form.set("password", PASSWORD);
  const login = await (await fetch(`${api}/login`, { method: "POST", body: form })).json();
  const auth = { authorization: `Bearer ${login.success.api_token}` };
  const consoleBase = `${api}/webinars/${seeded.eventId}/console`;

  // The host's console: presence and the inbox.
  const desk = await stream(`${consoleBase}/channel`, auth);
  let present = 0;
  let simulated = null;
  desk.on((name, data) => {
    if (name === "presence") {
      present = data.present.length;
      simulated = data.simulated;
    }
  });
  await sleep(500);
  const rssIdle = rssOf(server.pid);

  // Attendees: each client process opens its slice of streams, `concurrency` at a time.
  const started = Date.now();
  const per = Math.ceil(ATTENDEES / PROCESSES);
  const clients = [];
  for (let i = 0; i < PROCESSES; i++) {
    const from = i * per;
    const to = Math.min(ATTENDEES, from + per);
    const child = fork(join(benchDir, "room-clients.mjs"), [server.origin, tokensFile, String(from), String(to), "100"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    onCleanup(async () => void child.kill("SIGKILL"));
    clients.push(child);
  }
  const ask = (child, type, answer) =>
    new Promise((resolve) => {
      const listen = (message) => {
        if (message.type !== answer) return;
        child.off("message", listen);
        resolve(message);
      };
      child.on("message", listen);
      if (type) child.send({ type });
    });
  const opened = await Promise.all(clients.map((child) => ask(child, null, "opened")));
  const openSeconds = (Date.now() - started) / 1000;
  const hello = opened.reduce((sum, o) => sum + o.hello, 0);
  const failed = opened.reduce((sum, o) => sum + o.failed, 0);
  console.log(`${hello.toLocaleString("en")} channels open (${failed} failed) in ${openSeconds.toFixed(1)} s; load ${uptime()}`);
  const presentBy = Date.now() + 60_000;
  while (present < hello && Date.now() < presentBy) await sleep(250);
  const presenceSeconds = (Date.now() - started) / 1000;
  await sleep(1000);
  const rssFull = rssOf(server.pid);
  console.log(`the console lists ${present.toLocaleString("en")} present (simulated ${simulated}) ${presenceSeconds.toFixed(1)} s after the first open`);

  // Fan-out: host messages to everyone and CTA pushes, one every 1.5 s.
  const fanoutCpu = cpuSeconds(server.pid);
  const fanoutStarted = Date.now();
  const sent = [];
  for (let i = 0; i < PROBES; i++) {
    for (const kind of ["chat", "cta"]) {
      const probe = `${kind}${i}`;
      const mark = `bench:${probe}:${Date.now()}`;
      const body =
        kind === "chat"
          ? { clientId: randomUUID(), body: `Welcome ${mark}`, toAll: true }
          : { kind: "cta", cta: { headline: `Offer ${mark}`, subheadline: "Today only", buttonTitle: "Buy", link: "https://shop.example.com/offer" } };
      const response = await fetch(`${consoleBase}/${kind === "chat" ? "messages" : "push"}`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`${kind} push answered ${response.status}: ${await response.text()}`);
      sent.push(probe);
      await sleep(1500);
    }
  }
  await sleep(3000);
  const fanoutCpuShare = (cpuSeconds(server.pid) - fanoutCpu) / ((Date.now() - fanoutStarted) / 1000);
  const collected = await Promise.all(clients.map((child) => ask(child, "collect", "collected")));
  const fanout = { chat: [], cta: [] };
  let reached = { chat: 0, cta: 0 };
  const perProbe = [];
  for (const probe of sent) {
    const kind = probe.startsWith("chat") ? "chat" : "cta";
    const list = collected.flatMap((c) => c.arrivals[probe] ?? []);
    fanout[kind].push(...list);
    reached[kind] = Math.min(reached[kind] || Infinity, list.length);
    perProbe.push(`${probe} ${ms(percentile(list, 50))}/${ms(percentile(list, 99))}`);
  }
  console.log(`each probe, p50/p99: ${perProbe.join(", ")}`);

  // The inbox: 100 attendee messages a second (each from another attendee: 3 per 5 s each) while full.
  const inbox = [];
  const want = INBOX_RATE * INBOX_SECONDS;
  desk.on((name, data, at) => {
    const match = name === "message" && /bench:in\d+:(\d+)/.exec(data.body ?? "");
    if (match) inbox.push(at - Number(match[1]));
  });
  const refused = [];
  const inboxCpu = cpuSeconds(server.pid);
  const inboxStarted = Date.now();
  const posts = [];
  for (let i = 0; i < want; i++) {
    const due = inboxStarted + (i * 1000) / INBOX_RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    // Senders beyond the attendees held open: their own registrations (the room is full of the others).
    const sender = tokens[ATTENDEES + i] ?? tokens[i % ATTENDEES];
    posts.push(
      fetch(`${api}/public/room/${sender}/chat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ clientId: randomUUID(), body: `Question bench:in${i}:${Date.now()}` }),
      }).then(async (response) => {
        if (response.status !== 201) refused.push(`${response.status} ${await response.text()}`);
      }),
    );
  }
  await Promise.all(posts);
  const inboxBy = Date.now() + 10_000;
  while (inbox.length < want - refused.length && Date.now() < inboxBy) await sleep(100);
  const inboxCpuMs = ((cpuSeconds(server.pid) - inboxCpu) * 1000) / want;
  const load = uptime();

  for (const child of clients) child.send({ type: "close" });
  desk.close();
  await server.stop();

  // The hub's cadence (apps/server/src/room/hub/presenceBeat.ts): who is here, one row every 5-s beat;
  // a present attendee's attendance every 30 s, spread over the beats in parts of 1,000 rows.
  const beatSeconds = 5;
  const attendanceSeconds = 30;
  const rowsPerSecond = present / attendanceSeconds;
  console.log();
  printTable(
    ["figure", "measured", "goal"],
    [
      ["attendees held (channel open, hello)", hello.toLocaleString("en"), GOALS.attendees.toLocaleString("en")],
      ["present in the console (presence recorded)", present.toLocaleString("en"), GOALS.attendees.toLocaleString("en")],
      ["time to open them all", `${openSeconds.toFixed(1)} s`, ""],
      [`host message to all: p50 / p99 (${PROBES} sent, ≥ ${reached.chat} reached each)`, `${ms(percentile(fanout.chat, 50))} / ${ms(percentile(fanout.chat, 99))}`, `p99 ≤ ${GOALS.fanoutP99} ms`],
      [`CTA push to all: p50 / p99 (${PROBES} sent, ≥ ${reached.cta} reached each)`, `${ms(percentile(fanout.cta, 50))} / ${ms(percentile(fanout.cta, 99))}`, `p99 ≤ ${GOALS.fanoutP99} ms`],
      ["server CPU while fanning out (share of one core over the probes' span)", `${Math.round(fanoutCpuShare * 100)} %`, ""],
      [`attendee messages to the console at ${INBOX_RATE}/s: p50 / p99 (${inbox.length}/${want}, ${refused.length} refused)`, `${ms(percentile(inbox, 50))} / ${ms(percentile(inbox, 99))}`, `p99 ≤ ${GOALS.inboxP99} ms`],
      ["server CPU per attendee message (the inbox phase's CPU / messages)", `${inboxCpuMs.toFixed(1)} ms`, `≤ ${(1000 / INBOX_RATE).toFixed(0)} ms (${INBOX_RATE}/s on one core)`],
      ["server RSS idle → full", `${mib(rssIdle)} → ${mib(rssFull)} MiB`, ""],
      ["server RSS per 1,000 attendees", `${(((rssFull - rssIdle) / Math.max(hello, 1)) * 1000 / 1024 / 1024).toFixed(1)} MiB`, ""],
      ["presence writes (who is here: the instance's one row)", `1 row every ${beatSeconds} s`, ""],
      ["attendance writes (upserts of present attendees' seconds)", `${Math.round(rowsPerSecond).toLocaleString("en")} rows/s (each attendee every ${attendanceSeconds} s)`, ""],
    ],
  );
  if (refused.length > 0) console.log(`refused inbox posts (first 3): ${refused.slice(0, 3).join(" | ")}`);
  console.log(`load average at the end: ${load}`);
  console.log("\nAnchors:");
  for (const anchor of ANCHORS) console.log(`- ${anchor}`);
}

await bounded(Number(process.env.BENCH_ROOM_DEADLINE_MS ?? 900_000), async () => {
  if (process.env.BENCH_ROOM_POSTGRES && !process.env.BENCH_POSTGRES_CHILD) {
    await rerunUnderPostgres(new URL(import.meta.url).pathname, [], 900_000);
    return;
  }
  await runMode();
});
