import { Link } from "wouter";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { useSession } from "../../session/session.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { AttendancePanel } from "./AttendancePanel.js";
import { UsagePanel } from "./UsagePanel.js";
import { WebinarList } from "./WebinarList.js";
import "../../ui/screen.css";

/** The dashboard (/): usage against the plan, the attendance breakdown, upcoming and past webinars. */
export default function HomeScreen(_props: ScreenProps) {
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={user ? `Welcome back, ${user.name || user.email}.` : undefined}
        actions={
          <Link href={href("webinar-schedule___en-US")} className="btn btn-primary">
            Schedule a webinar
          </Link>
        }
      />
      <div className="screen-grid">
        <UsagePanel />
        <AttendancePanel />
      </div>
      <WebinarList type="upcoming" title="Upcoming webinars" />
      <WebinarList type="past" title="Past webinars" />
    </>
  );
}
