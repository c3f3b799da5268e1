import { useSearchParams } from "wouter";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { Tabs, tabPanelProps, type TabItem } from "../../ui/Tabs.js";
import { AppearanceSection } from "./AppearanceSection.js";
import { PasswordSection } from "./PasswordSection.js";
import { PlanSection } from "./PlanSection.js";
import { ProfileSection } from "./ProfileSection.js";
import { TermsSection } from "./TermsSection.js";

const SECTIONS = {
  profile: { label: "Profile", Section: ProfileSection },
  password: { label: "Password", Section: PasswordSection },
  appearance: { label: "Appearance", Section: AppearanceSection },
  plan: { label: "Plan and billing", Section: PlanSection },
  terms: { label: "Terms", Section: TermsSection },
} as const;
type SectionId = keyof typeof SECTIONS;

const TABS: TabItem[] = Object.entries(SECTIONS).map(([id, { label }]) => ({ id, label }));

/** Settings (spec §2): profile, password, colour mode, plan and payment, terms; the tab is in the query. */
export default function SettingsScreen(_props: ScreenProps) {
  const [search, setSearch] = useSearchParams();
  const wanted = search.get("tab") ?? "profile";
  const tab: SectionId = wanted in SECTIONS ? (wanted as SectionId) : "profile";
  const { Section } = SECTIONS[tab];
  return (
    <>
      <PageHeader title="Settings" description="Your profile, password, appearance, plan and terms." />
      <Tabs label="Settings sections" items={TABS} selected={tab} onSelect={(id) => setSearch({ tab: id }, { replace: true })} />
      <section {...tabPanelProps(tab)} className="stack">
        <Section />
      </section>
    </>
  );
}
