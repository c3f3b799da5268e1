import { importAttendance } from "./attendance.js";
import type { DeliveryDeps } from "./deliveryLog.js";
import { registerPending } from "./registrants.js";
import { openSessions, reconcileSessions } from "./sessions.js";

/**
 * One sweep of the delivery outbox: sessions for new events, sessions created, moved or cancelled
 * as their events were, registrants registered, attendance of ended sessions brought in. Answers
 * how many rows it worked on (0: nothing to do now). Everything it needs is in the database, so a
 * platform that is down, or a server that stops, loses nothing: the next sweep carries on.
 */
export async function syncDelivery(deps: DeliveryDeps): Promise<number> {
  let worked = await openSessions(deps);
  worked += await reconcileSessions(deps);
  worked += await registerPending(deps);
  worked += await importAttendance(deps);
  return worked;
}

export interface DeliveryLoop {
  /** Sweeps until a sweep finds nothing to do by the clock (tests call it after moving the clock). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `syncDelivery` every `intervalMs` (default 5 s) in this process; several instances may run
 * one each (claims keep them off each other's rows). `loop: false` only gives `drain` (tests).
 *
 * @example
 * const delivery = startDelivery({ orm: db.orm, now: config.now });
 * await delivery.stop();
 */
export function startDelivery(deps: DeliveryDeps & { intervalMs?: number; loop?: boolean }): DeliveryLoop {
  let running = deps.loop !== false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const sweep = async () => {
    current = syncDelivery(deps).catch((error: unknown) => console.error("Delivery platforms:", (error as Error).message));
    await current;
    if (running) timer = setTimeout(() => void sweep(), deps.intervalMs ?? 5000);
  };
  if (running) timer = setTimeout(() => void sweep(), 0);
  return {
    async drain() {
      await current;
      for (let round = 0; round < 1000; round++) if ((await syncDelivery(deps)) === 0) return;
      throw new Error("The delivery sweep did not settle.");
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}
