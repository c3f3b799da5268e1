import { SCHEDULED_EVENTS_PAGE_SIZE, pageCount, type Webinar } from "@cuepoint/sdk";
import { useState } from "react";
import { Link } from "wouter";
import { client } from "../../../api/client.js";
import { useQuery } from "../../../api/useQuery.js";
import { href } from "../../../config/paths.js";
import { AutomationPanel } from "../../../features/automation/AutomationPanel.js";
import { Button, ListState, Pagination, Tabs, tabPanelProps } from "../../../ui/index.js";
import { EventAutomation } from "./EventAutomation.js";
import { PastEventAction } from "./PastEventAction.js";
import type { TimelineState } from "./useTimeline.js";

type Kind = "upcoming" | "past";

const when = (iso: string, timeZone: string) => {
  try {
    return new Date(iso).toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" });
  } catch {
    return new Date(iso).toLocaleString("en-US");
  }
};

/**
 * Scheduled Events: this timeline's upcoming and past events, 12 a page (a multi-event day named);
 * a past event takes a follow-up action (spec §4); what is waiting and the delivery log across them.
 */
export function ScheduledEvents({ id, timeline }: { id: string; timeline: TimelineState }) {
  const [kind, setKind] = useState<Kind>("upcoming");
  const [pages, setPages] = useState<Record<Kind, number>>({ upcoming: 1, past: 1 });
  const page = pages[kind];
  const events = useQuery(() => client.webinars.listByTimeline(id, { type: kind, page }), [id, kind, page]);
  const [automating, setAutomating] = useState<Webinar>();
  const [followingUp, setFollowingUp] = useState<Webinar>();
  const dayName = (event: Webinar) => timeline.master?.setting.general.multiEvents.settings.find((d) => d.dayKey === event.dayKey)?.eventName;
  const total = events.data?.total ?? events.data?.success.length ?? 0;
  return (
    <section className="stack" aria-labelledby="events-heading">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h2 id="events-heading" style={{ margin: 0 }}>Scheduled Events</h2>
        <Link href={href("webinar-schedule___en-US", {}, { wtl: id })} className="btn">Schedule an event</Link>
      </div>
      <Tabs label="Scheduled events" selected={kind} onSelect={(k) => setKind(k as Kind)} items={[{ id: "upcoming", label: "Upcoming" }, { id: "past", label: "Past" }]} />
      <div {...tabPanelProps(kind)}>
        <ListState query={events} label={`${kind} events`} isEmpty={(answer) => answer.success.length === 0} empty={kind === "upcoming" ? "No upcoming events for this timeline." : "No past events for this timeline."}>
          {(answer) => (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">{kind === "upcoming" ? "Upcoming" : "Past"} events, page {page}</caption>
                <thead><tr><th scope="col">Event</th><th scope="col">Starts</th><th scope="col">Registrants</th><th scope="col">Status</th><th scope="col"><span className="visually-hidden">Automation</span></th></tr></thead>
                <tbody>
                  {answer.success.map((event) => (
                    <tr key={event.webinarID}>
                      <td>
                        <Link href={href("webinar-id___en-US", { id: event.webinarID })}>{event.name}</Link>{event.isRecurring ? " (recurring)" : ""}
                        {event.dayKey && dayName(event) !== event.name && <div className="muted">{dayName(event) ?? event.dayKey}</div>}
                      </td>
                      <td>{when(event.startTime, event.timeZone)}</td>
                      <td>{event.registrants}</td>
                      <td>{event.status ?? kind}</td>
                      <td>
                        <div className="row">
                          <Button onClick={() => setAutomating(event)} aria-label={`Automation for ${event.name}, ${when(event.startTime, event.timeZone)}`}>Automation</Button>
                          {kind === "past" && (
                            <Button onClick={() => setFollowingUp(event)} aria-label={`Add a follow-up action to ${event.name}, ${when(event.startTime, event.timeZone)}`}>Add follow-up</Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListState>
        <Pagination page={page} pageCount={pageCount(total, SCHEDULED_EVENTS_PAGE_SIZE)} onPage={(p) => setPages((all) => ({ ...all, [kind]: p }))} label={`${kind === "upcoming" ? "Upcoming" : "Past"} events pages`} />
      </div>
      <EventAutomation timelineId={id} event={automating} onClose={() => setAutomating(undefined)} />
      <PastEventAction timeline={timeline} event={followingUp} onClose={() => setFollowingUp(undefined)} />
      <AutomationPanel scope={{ webinarTimeline: id }} headingLevel={3} />
    </section>
  );
}
