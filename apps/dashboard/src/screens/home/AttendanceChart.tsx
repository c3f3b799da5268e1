import { useEffect, useRef } from "react";

export interface AttendanceChartProps {
  attendees: number;
  nonAttendees: number;
}

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * The attendance breakdown as a doughnut. chart.js is imported when the chart first renders, so
 * it stays out of the dashboard's initial bundle; the chart follows the colour mode.
 *
 * @example
 * <AttendanceChart attendees={40} nonAttendees={12} />
 */
export function AttendanceChart({ attendees, nonAttendees }: AttendanceChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let disposed = false;
    let destroy = () => {};
    const draw = async () => {
      const { Chart, DoughnutController, ArcElement, Legend, Tooltip } = await import("chart.js");
      if (disposed || !canvas.current) return;
      Chart.register(DoughnutController, ArcElement, Legend, Tooltip);
      destroy();
      const chart = new Chart(canvas.current, {
        type: "doughnut",
        data: {
          labels: ["Attended", "Did not attend"],
          datasets: [
            {
              data: [attendees, nonAttendees],
              backgroundColor: [cssVar("--primary"), cssVar("--border")],
              borderColor: cssVar("--surface"),
            },
          ],
        },
        options: {
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { position: "bottom", labels: { color: cssVar("--text") } } },
        },
      });
      destroy = () => chart.destroy();
    };
    void draw();
    // Redraw with the other palette when the colour mode changes.
    const observer = new MutationObserver(() => void draw());
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-color-mode"] });
    return () => {
      disposed = true;
      observer.disconnect();
      destroy();
    };
  }, [attendees, nonAttendees]);

  return (
    <div className="chart-box">
      <canvas ref={canvas} role="img" aria-label={`Attendance: ${attendees} attended, ${nonAttendees} did not attend`} />
    </div>
  );
}
