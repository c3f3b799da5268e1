import { createRequire } from "node:module";
import type { Server, Socket } from "node:net";

/*
 * node-media-server (v4, CommonJS, no types of its own) seen through the few parts the ingest uses:
 * its RTMP server (handshake, chunk stream, connect/publish commands, one broadcast per stream path)
 * and the event emitter its sessions report to. Its full server (HTTP-FLV, admin API, JSON store,
 * relays) is not started: only `server/rtmp_server.js`, listened on by us (its own `run()` exits
 * the process when the port is taken). The version is pinned in package.json: these are its
 * internal files.
 */

/** A connection as node-media-server keeps it (`session/base_session.js`). */
export interface NmsSession {
  id: string;
  /** `address:port` of the peer; empty for sessions made inside the process. */
  ip: string;
  protocol: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  socket?: Socket;
  broadcast: NmsBroadcast;
  sendBuffer(buffer: Buffer): void;
  close(): void;
}

/** One stream path's fan-out (`server/broadcast_server.js`). */
export interface NmsBroadcast {
  publisher: NmsSession | null;
  subscribers: Map<string, NmsSession>;
  publishGraceMs: number;
  postPlay(session: NmsSession): string | null;
  donePlay(session: NmsSession): void;
}

interface NmsContext {
  config: Record<string, unknown>;
  eventEmitter: NodeJS.EventEmitter;
}

interface NmsRtmpServer {
  tcpServer: Server;
}

const require = createRequire(import.meta.url);
const base = "node-media-server/src";

/** The library's process-wide context (its sessions and broadcasts are module singletons). */
export const nmsContext = (): NmsContext => require(`${base}/core/context.js`) as NmsContext;

/** Its logger says every connection at info; keep its errors only. */
export function quietNmsLogger(): void {
  (require(`${base}/core/logger.js`) as { level: string }).level = "error";
}

/** A new RTMP server (not listening): `rtmp.port` must be set for it to make its TCP server. */
export function createNmsRtmpServer(): NmsRtmpServer {
  const RtmpServer = require(`${base}/server/rtmp_server.js`) as new () => NmsRtmpServer;
  return new RtmpServer();
}

/** A session made in this process (no peer), as the library's own record session is. */
export function createNmsSession(): NmsSession {
  const BaseSession = require(`${base}/session/base_session.js`) as new () => NmsSession;
  return new BaseSession();
}
