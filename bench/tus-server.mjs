// The comparison server of server-upload.mjs, run in its own process so that its memory is
// measured alone: @tus/server with @tus/file-store writing into <dir>, as its README's standalone
// example, on 127.0.0.1. Usage: node tus-server.mjs <dir>; prints {"port":n} once listening.
// (@tus/server has no checksum extension: it verifies no bytes, unlike the Cuepoint chunk endpoint.)
import { createServer } from "node:http";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";

const dir = process.argv[2];
if (!dir) throw new Error("usage: node tus-server.mjs <dir>");
const tus = new Server({ path: "/files", datastore: new FileStore({ directory: dir }) });
const server = createServer((req, res) => void tus.handle(req, res));
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port })));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
