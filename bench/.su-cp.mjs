// temporary (helper experiment; removed at the end): Cuepoint side only, N uploads
import { openAsBlob, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { benchDb, bounded, loadSdk, loggedInClient, startServer, tempDir, sampleRss } from "./server-harness.mjs";
globalThis.SU_T = [];
const N = Number(process.env.N ?? 3);
const cpuOf = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) / 100; };
await bounded(10 * 60_000, async () => {
  const dir = await tempDir("su");
  const env = { CUEPOINT_DATA_DIR: join(dir, "data"), CUEPOINT_MEDIA_DIR: join(dir, "media"), ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}) };
  await benchDb(["setup", "--email", "a@example.com", "--password", "Bench-upload-1", "--role", "admin"], env);
  const sdk = await loadSdk();
  const entries = (process.env.ENTRIES ?? "").split(",").filter(Boolean);
  const mods = [sdk.upload, ...(await Promise.all(entries.map((e) => import(pathToFileURL(e).href))))];
  const server = await startServer(env);
  const { token, user } = await loggedInClient(sdk, server.apiURL, "a@example.com", "Bench-upload-1");
  for (let i = 0; i < N * mods.length; i++) {
    const mod = mods[i % mods.length];
    const rss = sampleRss(server.pid);
    const c0 = process.cpuUsage(); const s0 = cpuOf(server.pid); const t = performance.now();
    const up = mod.createUploader({ endpoint: `${server.apiURL}/upload/chunk`, userId: user.id, token, chunkSize: 100 << 20 });
    const [item] = up.add({ blob: await openAsBlob("/tmp/su/src.bin"), name: "a.mp4" });
    const r = await up.done(item.uuid);
    const wall = (performance.now() - t) / 1000; const c = process.cpuUsage(c0);
    console.log(i % mods.length, "MiB/s", (1024 / wall).toFixed(0), "client cpu", ((c.user + c.system) / 1e6).toFixed(2), "server cpu", (cpuOf(server.pid) - s0).toFixed(2), "server rss peak", (rss.stop().peak / 2 ** 20).toFixed(0), r.uniqueID ? "ok" : r);
    up.destroy();
    if (globalThis.SU_T) { const t = globalThis.SU_T; const out = []; for (let k = 0; k < t.length; k++) out.push(`${t[k][0]}:${(t[k][1] - (t[k - 1]?.[1] ?? t[k][1])).toFixed(0)}`); console.log(out.join(" ")); globalThis.SU_T = []; }
  }
  await server.stop();
});
