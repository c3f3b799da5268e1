import { useState } from "react";
import { Tabs, tabPanelProps } from "../../ui/index.js";
import { DeliveryLog } from "./DeliveryLog.js";
import type { JobScope } from "./jobFormat.js";
import { WaitingJobs } from "./WaitingJobs.js";
import "../../ui/screen.css";

type Tab = "jobs-waiting" | "jobs-log";

/**
 * "What is waiting" beside the delivery log, for one webinar or one timeline (issue 16).
 *
 * @example
 * <AutomationPanel scope={{ webinarID }} />
 */
export function AutomationPanel({ scope, headingLevel = 2 }: { scope: JobScope; headingLevel?: 2 | 3 }) {
  const [tab, setTab] = useState<Tab>("jobs-waiting");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="card stack" aria-labelledby="automation-jobs-heading">
      <Heading id="automation-jobs-heading" style={{ margin: 0 }}>Automation</Heading>
      <Tabs label="Automation jobs" selected={tab} onSelect={(id) => setTab(id as Tab)} items={[{ id: "jobs-waiting", label: "What is waiting" }, { id: "jobs-log", label: "Delivery log" }]} />
      <div {...tabPanelProps(tab)}>{tab === "jobs-waiting" ? <WaitingJobs scope={scope} /> : <DeliveryLog scope={scope} />}</div>
    </section>
  );
}
