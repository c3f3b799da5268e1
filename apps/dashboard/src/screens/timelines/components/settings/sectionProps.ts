import type { TimelineMaster, TimelineMasterSetting } from "@cuepoint/sdk";

/** What every settings section of the editor gets. */
export interface SectionProps {
  master: TimelineMaster;
  saveSetting: (setting: TimelineMasterSetting) => Promise<TimelineMaster>;
}
