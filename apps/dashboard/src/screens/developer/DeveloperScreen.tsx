import { useLocation } from "wouter";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { LevelScreen } from "../../lib/level/useLevel.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { LinkTabs } from "../../ui/Tabs.js";
import { EndpointsPanel } from "./EndpointsPanel.js";
import { NewTokenPanel } from "./NewTokenPanel.js";
import { TokensPanel } from "./TokensPanel.js";

const TABS = [
  { id: "/developer/endpoints", label: "Endpoints" },
  { id: "/developer/tokens", label: "Access tokens" },
];

/** The developer area (spec §2): /developer (= endpoints), /developer/endpoints, /developer/tokens, /developer/tokens/new. */
export default function DeveloperScreen(_props: ScreenProps) {
  const [path] = useLocation();
  const tab = path.startsWith("/developer/tokens") ? "/developer/tokens" : "/developer/endpoints";
  return (
    <>
      <PageHeader title="Developer" description="The Cuepoint API and the personal access tokens that call it." />
      <LevelScreen gate="developer">
        <LinkTabs label="Developer sections" items={TABS} current={path === "/developer/tokens/new" ? "" : tab} />
        {path === "/developer/tokens/new" ? <NewTokenPanel /> : tab === "/developer/tokens" ? <TokensPanel /> : <EndpointsPanel />}
      </LevelScreen>
    </>
  );
}
