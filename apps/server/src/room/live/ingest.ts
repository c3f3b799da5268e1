import type { AddressInfo, Socket } from "node:net";
import { createNmsRtmpServer, createNmsSession, nmsContext, quietNmsLogger, type NmsSession } from "./nodeMediaServer.js";

/** Where encoders publish: `rtmp://<host>:<port>/live/<stream key>`. */
export const INGEST_APP = "live";

/** What a stream's bytes go to once its key is accepted: the FLV stream (header, then tags), in order. */
export interface StreamSink {
  write(flv: Buffer): void;
  /** The publisher went away (or the ingest stops): no more bytes. */
  end(): void;
}

export interface IngestOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /**
   * Asked once per publish with the stream key: a sink takes the stream, null refuses it (the
   * encoder's connection is closed). Never called for another app than `live`.
   */
  accept(key: string, peer: string): Promise<StreamSink | null>;
  /** A refusal or failure worth a line in the log. */
  log?: (line: string) => void;
}

export interface LiveIngest {
  /** The port it listens on. */
  port: number;
  stop(): Promise<void>;
}

let running = false;

/**
 * The RTMP ingest: node-media-server's RTMP server on `host:port`. Each publish to `live/<key>`
 * is asked to `accept`; until it answers (a database look-up) the stream's packets only fill the
 * library's GOP cache, so an accepted sink still starts at the last keyframe. Playing over RTMP is
 * refused: attendees watch through the room's HLS. One ingest per process (the library keeps its
 * sessions in module singletons).
 *
 * @example
 * const ingest = await startLiveIngest({ host: "0.0.0.0", port: 1935, accept: (key) => runs.accept(key) });
 */
export async function startLiveIngest(options: IngestOptions): Promise<LiveIngest> {
  if (running) throw new Error("The live ingest is already running in this process.");
  running = true;
  const log = options.log ?? ((line: string) => console.warn(line));
  const context = nmsContext();
  quietNmsLogger();
  // The library makes its TCP server only when a port is configured; we listen on it ourselves.
  context.config = { bind: options.host, rtmp: { port: options.port || 1 } };
  const { tcpServer } = createNmsRtmpServer();
  const sinks = new Set<StreamSink>();

  const refusePlay = (session: NmsSession) => {
    log(`Live ingest: playing ${session.streamPath} over RTMP is not offered (from ${session.ip}).`);
    session.close();
  };

  const onPublish = (session: NmsSession) => {
    // Another publisher holds the path: the library refuses this one right after the event.
    if (session.ip === "" || session.broadcast.publisher !== null) return;
    const socket = session.socket as Socket;
    if (session.streamApp !== INGEST_APP) {
      log(`Live ingest: refused ${session.streamPath} from ${session.ip}: the address is rtmp://…/${INGEST_APP}/<stream key>.`);
      session.close();
      return;
    }
    // Each publish stands alone: a reconnect is a new run (no resume of the library's timestamps).
    session.broadcast.publishGraceMs = 0;
    let gone = false;
    socket.once("close", () => (gone = true));
    options.accept(session.streamName, session.ip).then(
      (sink) => {
        if (!sink) {
          log(`Live ingest: refused a stream key from ${session.ip}.`);
          session.close();
          return;
        }
        if (gone || session.broadcast.publisher !== session) {
          sink.end();
          return;
        }
        sinks.add(sink);
        const reader = createNmsSession();
        reader.protocol = "flv";
        reader.sendBuffer = (buffer) => sink.write(buffer);
        const finish = () => {
          if (!sinks.delete(sink)) return;
          session.broadcast.donePlay(reader);
          sink.end();
        };
        reader.close = finish;
        session.broadcast.postPlay(reader);
        socket.once("close", finish);
      },
      (error: unknown) => {
        log(`Live ingest: a stream could not be started: ${(error as Error).message}`);
        session.close();
      },
    );
  };

  context.eventEmitter.on("postPublish", onPublish);
  context.eventEmitter.on("postPlay", refusePlay);
  try {
    await new Promise<void>((resolve, reject) => {
      tcpServer.once("error", reject);
      tcpServer.listen(options.port, options.host, () => {
        tcpServer.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    context.eventEmitter.off("postPublish", onPublish);
    context.eventEmitter.off("postPlay", refusePlay);
    running = false;
    throw error;
  }
  const sockets = new Set<Socket>();
  tcpServer.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  return {
    port: (tcpServer.address() as AddressInfo).port,
    async stop() {
      context.eventEmitter.off("postPublish", onPublish);
      context.eventEmitter.off("postPlay", refusePlay);
      for (const sink of [...sinks]) {
        sinks.delete(sink);
        sink.end();
      }
      await new Promise<void>((resolve) => {
        tcpServer.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      running = false;
    },
  };
}
