import { randomUUID } from "node:crypto";
import type { AttendanceLedger } from "./attendanceLedger.js";
import type { HubSettings } from "./hubSettings.js";
import { isHere, type Presence, type PresenceTable } from "./presence.js";
import { clearPresence, presentElsewhere, writePresence, type PresentRow } from "./presenceRows.js";

/** Arrivals and leaves waiting to be written together, and the promise their writers wait on. */
interface SoonWrite {
  done: Promise<void>;
  timer: ReturnType<typeof setTimeout>;
  resolve: () => void;
  who: Set<Presence>;
}

/**
 * The hub's beat and its writes, one at a time: every `flushMs` this hub's `room_presence` rows
 * (who is here, for the other instances) and then the attendance come due (attendanceLedger.ts);
 * arrivals and leaves within `soonMs`, together; everything on `flush` and at the stop. And who is
 * present across instances: this instance's presences with the other hubs' rows.
 */
export class PresenceBeat {
  /** This instance's hub in `room_presence`: it reads only the other hubs' rows. */
  readonly hubId = randomUUID();
  /** Events whose presence row this hub has written (and must rewrite or delete). */
  private readonly written = new Set<string>();
  /** The present count of each event, kept `audienceMs`. */
  private readonly counted = new Map<string, { at: number; count: number }>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private soonWrite: SoonWrite | undefined;

  constructor(
    private readonly settings: HubSettings,
    private readonly presences: PresenceTable,
    private readonly ledger: AttendanceLedger,
    /** The account of an event whose room this instance holds (a row with nobody left still names it). */
    private readonly accountOf: (eventId: string) => string | undefined,
  ) {}

  /** Starts the beat unless it runs (a channel opened); it stops by itself once nothing is left to write. */
  start(): void {
    this.timer ??= setInterval(() => void this.beat(), this.settings.flushMs);
    this.timer.unref?.();
  }

  /** Writes what presence has added so far, every presence's. */
  flush(): Promise<void> {
    return this.serially(async () => {
      await this.ledger.write();
      this.stopWhenIdle();
    });
  }

  /** The beat: who is here for the other instances, then the attendance come due. */
  beat(): Promise<void> {
    return this.serially(async () => {
      await this.writeRows();
      await this.ledger.write("due");
      this.stopWhenIdle();
    });
  }

  /**
   * Arrivals and leaves are written within `soonMs`, together: a burst of 10,000 opens makes a few
   * writes, not one per open (each write covers every pending presence).
   */
  soon(p: Presence): Promise<void> {
    if (!this.soonWrite) {
      let resolve = () => {};
      const done = new Promise<void>((settle) => (resolve = settle));
      const who = new Set<Presence>();
      const timer = setTimeout(() => {
        this.soonWrite = undefined;
        const write = async () => {
          await this.writeRows(new Set([...who].map((p) => p.eventId)));
          await this.ledger.write(who);
          this.stopWhenIdle();
        };
        void this.serially(write).then(resolve);
      }, this.settings.soonMs);
      timer.unref?.();
      this.soonWrite = { done, timer, resolve, who };
    }
    this.soonWrite.who.add(p);
    return this.soonWrite.done;
  }

  /**
   * The hub is stopping (its channels closed): the waiting arrivals and leaves are written with
   * everything else, this hub's rows go, and the beat stops.
   */
  async stop(): Promise<void> {
    const waiting = this.soonWrite;
    this.soonWrite = undefined;
    if (waiting) clearTimeout(waiting.timer);
    await this.flush();
    await clearPresence(this.settings.orm, this.hubId).catch((error: unknown) => console.error("Room presence could not be cleared:", error));
    this.written.clear();
    waiting?.resolve();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** People in the live room of an event now, on every instance (kept `audienceMs`). */
  async present(eventId: string): Promise<number> {
    const at = this.settings.now();
    const cached = this.counted.get(eventId);
    if (cached && at - cached.at < this.settings.audienceMs && at >= cached.at) return cached.count;
    const count = (await this.presentNow(eventId, undefined, at, false)).size;
    this.counted.set(eventId, { at, count });
    return count;
  }

  /** The event has no channel here any more: its count is read afresh next time. */
  forget(eventId: string): void {
    this.counted.delete(eventId);
  }

  /**
   * Who is present: here (this instance's presences, reconnecting included), or in another
   * instance's presence row rewritten within three beats — only the other hubs' rows are read, so a
   * room held by one instance costs no read of its own thousands of people.
   */
  async presentNow(eventId: string, accountId: string | undefined, at: number, withPeople: boolean): Promise<Map<string, { p?: Presence; row?: PresentRow }>> {
    const rows = await presentElsewhere(this.settings.orm, { eventId, accountId }, new Date(at - this.settings.flushMs * 3), withPeople, this.hubId);
    const here = new Map<string, { p?: Presence; row?: PresentRow }>();
    for (const row of rows) here.set(row.registrantId, { row });
    for (const p of this.presences.liveHere(eventId, at)) {
      if (at < p.from || at >= p.to) continue;
      here.set(p.registrantId, { ...here.get(p.registrantId), p });
    }
    return here;
  }

  /** One write at a time: a flush never counts seconds another is writing. */
  private serially(write: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(write, write);
    return this.chain;
  }

  private stopWhenIdle(): void {
    if (this.presences.size === 0 && this.written.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /**
   * Rewrites this hub's presence row of each event it has (or had) attendees of, `only` those
   * events when given: who is here now, reconnecting included; none, and the row goes.
   */
  private async writeRows(only?: ReadonlySet<string>): Promise<void> {
    const at = this.settings.now();
    const here = new Map<string, { accountId: string; ids: string[] }>();
    for (const p of this.presences.values()) {
      if (p.kind !== "live" || !isHere(p, at, this.settings.graceMs) || at < p.from || at >= p.to) continue;
      const entry = here.get(p.eventId) ?? { accountId: p.accountId, ids: [] };
      entry.ids.push(p.registrantId);
      here.set(p.eventId, entry);
    }
    const events = new Set([...here.keys(), ...this.written].filter((eventId) => !only || only.has(eventId)));
    for (const eventId of events) {
      const entry = here.get(eventId);
      const accountId = entry?.accountId ?? this.accountOf(eventId) ?? "";
      try {
        await writePresence(this.settings.orm, { accountId, eventId }, this.hubId, entry?.ids ?? [], new Date(at));
        if (entry) this.written.add(eventId);
        else this.written.delete(eventId);
      } catch (error) {
        console.error(`Room presence of event ${eventId} could not be written:`, error);
      }
    }
  }
}
