import { setImmediate as nextTurn } from "node:timers/promises";
import { ATTENDANCE_ROWS_PER_WRITE, addAttendance, type AttendanceDelta } from "../../events/attendanceWrites.js";
import type { HubSettings } from "./hubSettings.js";
import { account, isHere, pending, type Presence, type PresenceTable } from "./presence.js";

/** A presence's share of one write: what it adds, so a write that succeeds can mark it written. */
type Taken = { p: Presence; seconds: number; first: number | null; last: number | null; views: string[] };
/** One event's rows of a write (its live length caps the seconds). */
type Batch = { liveSeconds: number; rows: Map<string, AttendanceDelta>; taken: Taken[] };

/**
 * What this instance's presences have added to attendance, written to the database: additive
 * upserts (events/attendanceWrites.ts) of the seconds and instants since each presence's last write,
 * and the CTAs it saw. A present attendee comes due every `attendanceMs`, a gone one at once; the
 * beat writes the due ones oldest first, at most a beat's share; arrivals, leaves and the stop write
 * theirs whenever they are asked (presenceBeat.ts decides when, one write at a time).
 */
export class AttendanceLedger {
  constructor(
    private readonly settings: HubSettings,
    private readonly presences: PresenceTable,
    /** The live length of an event whose room this instance holds (the presence's own otherwise). */
    private readonly liveSecondsOf: (eventId: string) => number | undefined,
  ) {}

  /**
   * The presences a beat writes the attendance of: those with something unwritten and either not
   * written for `attendanceMs` or gone, oldest first, at most a beat's share of all (so 10,000
   * attendees who arrived together are written a part per beat, not all in the same beat; and people
   * still connected after an event's end, with nothing to add, never take another event's share).
   */
  due(at: number): Presence[] {
    const { attendanceMs, flushMs, graceMs } = this.settings;
    const due = [...this.presences.values()].filter((p) => {
      account(p, at);
      return pending(p) && (!isHere(p, at, graceMs) || at - (p.writtenLast ?? -Infinity) >= attendanceMs);
    });
    const share = Math.max(ATTENDANCE_ROWS_PER_WRITE, Math.ceil((this.presences.size * flushMs) / attendanceMs));
    return due.sort((a, b) => (a.writtenLast ?? -Infinity) - (b.writtenLast ?? -Infinity)).slice(0, share);
  }

  /**
   * Writes what presence has added: every presence's, those `only`, or those due at a beat; then
   * forgets the presences gone with nothing left to write.
   */
  async write(only?: ReadonlySet<Presence> | "due"): Promise<void> {
    const at = this.settings.now();
    const byEvent = this.batches(only === "due" ? this.due(at) : (only ?? this.presences.values()), only !== undefined, at);
    for (const [eventId, batch] of byEvent) await this.writeBatch(eventId, batch);
    this.presences.forgetGone(at);
  }

  /** The rows to write, per event, of the presences given (`chosen`: only those the table still holds). */
  private batches(presences: Iterable<Presence>, chosen: boolean, at: number): Map<string, Batch> {
    const byEvent = new Map<string, Batch>();
    for (const p of presences) {
      if (chosen && !this.presences.holds(p)) continue;
      account(p, at);
      if (!pending(p)) continue;
      const seconds = Math.floor(p.creditedMs / 1000) - p.writtenSeconds;
      const liveSeconds = this.liveSecondsOf(p.eventId) ?? p.liveSeconds;
      const batch: Batch = byEvent.get(p.eventId) ?? { liveSeconds, rows: new Map(), taken: [] };
      byEvent.set(p.eventId, batch);
      const row = batch.rows.get(p.registrantId) ?? { accountId: p.accountId, eventId: p.eventId, registrantId: p.registrantId };
      // The interval this write covers starts where the last one ended (the database merges instances' intervals).
      if (p.first !== null && p.last !== null) row[p.kind] = { seconds, joinedAt: new Date(p.writtenLast ?? p.first), leftAt: new Date(p.last) };
      const views = [...p.ctaUnwritten];
      if (views.length > 0) row.ctaSeen = [...(row.ctaSeen ?? []), ...views];
      batch.rows.set(p.registrantId, row);
      batch.taken.push({ p, seconds: p.first === null ? 0 : seconds, first: p.first, last: p.last, views });
    }
    return byEvent;
  }

  /** One event's rows, part by part: each part is written whole or not at all, and the channels get the thread between parts. */
  private async writeBatch(eventId: string, batch: Batch): Promise<void> {
    const rows = [...batch.rows.values()];
    for (let i = 0; i < rows.length; i += ATTENDANCE_ROWS_PER_WRITE) {
      const part = rows.slice(i, i + ATTENDANCE_ROWS_PER_WRITE);
      // A macrotask turn: the embedded database runs on this thread, and sockets wait for one.
      await nextTurn();
      try {
        await addAttendance(this.settings.orm, batch.liveSeconds, part);
        const written = new Set(part.map((row) => row.registrantId));
        for (const { p, seconds, first, last, views } of batch.taken) {
          if (!written.has(p.registrantId)) continue;
          p.writtenSeconds += seconds;
          p.writtenFirst = first;
          p.writtenLast = last;
          for (const view of views) p.ctaUnwritten.delete(view);
        }
      } catch (error) {
        // Still pending: the next flush writes it again (nothing of this part was added).
        console.error(`Room attendance of event ${eventId} could not be written:`, error);
      }
    }
  }
}
