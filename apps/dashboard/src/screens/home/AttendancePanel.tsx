import { useState } from "react";
import type { AnalyticsPeriod } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { Select } from "../../ui/Field.js";
import { ListState } from "../../ui/ListState.js";
import { AttendanceChart } from "./AttendanceChart.js";

const PERIODS: ReadonlyArray<{ value: AnalyticsPeriod; label: string }> = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "365d", label: "Last 12 months" },
  { value: "all", label: "All time" },
];

/** The audience breakdown (POST /analytics/breakdown) for a chosen period, as figures and a chart. */
export function AttendancePanel() {
  const [period, setPeriod] = useState<AnalyticsPeriod>("30d");
  const breakdown = useQuery(() => client.webinars.breakdown(period), [period]);
  return (
    <section className="card" aria-labelledby="attendance-heading">
      <div className="row" style={{ justifyContent: "space-between", alignItems: "flex-end", marginBottom: 12 }}>
        <h2 id="attendance-heading" style={{ margin: 0 }}>Attendance</h2>
        <Select
          label="Period"
          value={period}
          onChange={(e) => setPeriod(e.target.value as AnalyticsPeriod)}
          options={PERIODS}
        />
      </div>
      <ListState
        query={breakdown}
        label="attendance"
        isEmpty={(b) => b.registrants === 0}
        empty="No registrants in this period yet."
      >
        {(b) => (
          <>
            <ul className="stat-list">
              <li><strong>{b.registrants}</strong> registrants</li>
              <li><strong>{b.attendees}</strong> attended</li>
              <li><strong>{b.nonAttendees}</strong> did not attend</li>
              {b.averageMinutes !== undefined && <li><strong>{Math.round(b.averageMinutes)}</strong> min average</li>}
            </ul>
            <AttendanceChart attendees={b.attendees} nonAttendees={b.nonAttendees} />
          </>
        )}
      </ListState>
    </section>
  );
}
