import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../engine/actions/index.js";
import { startFakeService } from "./fakeService.js";
import { pointServicesAt } from "./serviceEnv.js";

/** Runs `send` with every kind's URLs pointing at `url`, then points them back. */
async function sendingTo(url: string, send: () => Promise<unknown>): Promise<unknown> {
  const restore = pointServicesAt(url);
  try {
    return await send();
  } finally {
    restore();
  }
}

/** A service out of reach (nothing listens where its URL points) is retryable: the call surely did not go out. */
export async function expectRetryableOutOfReach(send: () => Promise<unknown>): Promise<void> {
  const stopped = await startFakeService();
  await stopped.close();
  await sendingTo(stopped.url, () => expect(send()).rejects.toBeInstanceOf(RetryableActionError));
}

/**
 * A send the service took but did not answer in time is not sent again (it may have gone out):
 * permanent, and says why. The same port closed, the connection refused, the send surely did not
 * go out: retryable.
 */
export async function expectTimeoutNotRetried(send: () => Promise<unknown>): Promise<void> {
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as AddressInfo;
  const timeout = process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS;
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "300";
  try {
    const lost = await sendingTo(`http://127.0.0.1:${port}`, () => send().catch((error: unknown) => error));
    expect(lost).toBeInstanceOf(PermanentActionError);
    expect((lost as Error).message).toMatch(/may have been carried out all the same, so it is not tried again/);
  } finally {
    if (timeout === undefined) delete process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS;
    else process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = timeout;
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
  await sendingTo(`http://127.0.0.1:${port}`, () => expect(send()).rejects.toBeInstanceOf(RetryableActionError));
}
