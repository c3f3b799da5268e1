import { createServer } from "node:net";

/**
 * A port nobody listens on right now on 127.0.0.1 (for a server whose address must be known
 * before it listens: a `publicURL`, a child process's `PORT`).
 *
 * @example
 * const port = await freePort(); // then start the server on it
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("No port"))));
    });
  });
}
