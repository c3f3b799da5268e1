// A client process of bench/room.mjs: holds one event stream per personal token of its slice
// (node:http, one socket each, no agent pooling), as a browser's EventSource would, and records
// when each probe (a host message or CTA whose text carries `bench:<probe>:<sentAt>`) arrives.
// Talks to its parent over IPC: "opened" once every stream has said hello, "collected" on request.
import http from "node:http";
import { readFileSync } from "node:fs";

const [origin, tokensFile, from, to, concurrency = "200"] = process.argv.slice(2);
const tokens = readFileSync(tokensFile, "utf8").split("\n").slice(Number(from), Number(to));
const { hostname, port } = new URL(origin);
const arrivals = new Map(); // probe → [ms]
const seen = new Set(); // `${stream} ${probe}`: a probe counted once per stream
const requests = [];
let hello = 0;
let failed = 0;
const MARK = /bench:(\w+):(\d+)/g;

function open(index) {
  return new Promise((resolve) => {
    const request = http.get(
      { hostname, port, path: `/api/public/room/${tokens[index]}/channel`, agent: false, headers: { accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          failed += 1;
          response.resume();
          return resolve();
        }
        response.setEncoding("utf8");
        let said = false;
        response.on("data", (text) => {
          if (!said && text.includes("event: hello")) {
            said = true;
            hello += 1;
            resolve();
          }
          if (!text.includes("bench:")) return;
          const at = Date.now();
          for (const match of text.matchAll(MARK)) {
            const key = `${index} ${match[1]}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const list = arrivals.get(match[1]) ?? [];
            list.push(at - Number(match[2]));
            arrivals.set(match[1], list);
          }
        });
        response.on("error", () => {});
      },
    );
    request.on("error", () => {
      failed += 1;
      resolve();
    });
    requests.push(request);
  });
}

let next = 0;
async function worker() {
  while (next < tokens.length) await open(next++);
}
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
process.send({ type: "opened", hello, failed });

process.on("message", (message) => {
  if (message.type === "collect") process.send({ type: "collected", arrivals: Object.fromEntries(arrivals), hello, failed });
  if (message.type === "close") {
    for (const request of requests) request.destroy();
    process.exit(0);
  }
});
