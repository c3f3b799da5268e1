import { findJoinDomain, registrationSnippets } from "@cuepoint/sdk";
import { useState } from "react";
import { apiURL, client } from "../../../../api/client.js";
import { useQuery } from "../../../../api/useQuery.js";
import { RegistrationPreview } from "../widgets/RegistrationPreview.js";
import { BuilderGuide } from "./code/BuilderGuide.js";
import { builderGuide } from "./code/builderGuides.js";
import "./code/code.css";
import { JoinDomainForm } from "./code/JoinDomainForm.js";
import { initialBuilder, rememberBuilder } from "./code/lastBuilder.js";
import { PageCheck } from "./code/PageCheck.js";
import { WayCard } from "./code/WayCard.js";
import { WAYS } from "./code/ways.js";
import type { SectionProps } from "./sectionProps.js";

/** Where the snippets point: the server's public origin (the API's, which serves embed.js and the hosted pages). */
const serverOrigin = (): string => new URL(apiURL, location.origin).origin;

/**
 * Code: the four ways to put the registration form on a page (script tag first), which one to use
 * in the host's page builder and where to paste it, and a check of the host's published page. The
 * snippets and the hosted page's address are on the timeline's join domain when it has one.
 */
export function CodeSection({ master, saveSetting }: SectionProps) {
  const id = String(master.id);
  const domains = useQuery(async () => (await client.timelines.joinDomains()).success, []);
  const own = serverOrigin();
  const origin = findJoinDomain(master.setting.general.joinDomain, domains.data ?? [])?.url ?? own;
  const snippets = registrationSnippets(origin, id);
  const [builder, setBuilder] = useState(() => initialBuilder(id, master.setting.page.builder));
  const guide = builderGuide(builder, origin);
  const pick = (next: string) => {
    setBuilder(next);
    rememberBuilder(id, next);
  };
  return (
    <div className="stack">
      <section className="stack card" aria-labelledby="code-heading">
        <div>
          <h2 id="code-heading" style={{ marginBottom: 4 }}>Code</h2>
          <p className="muted" style={{ margin: 0 }}>
            Put your registration form on any page: pick your page builder for the steps, copy the code it needs, then test
            your published page.
          </p>
        </div>
        <BuilderGuide guide={guide} builder={builder} onPick={pick} />
      </section>
      <JoinDomainForm master={master} saveSetting={saveSetting} domains={domains} ownOrigin={own} />
      <section className="stack card" aria-labelledby="ways-heading">
        <div>
          <h2 id="ways-heading" style={{ marginBottom: 4 }}>Ways to add the form</h2>
          <p className="muted" style={{ margin: 0 }}>Four ways to the same form; every registration lands in the same place.</p>
        </div>
        <div className="way-list">
          {WAYS.map((way) => (
            <WayCard key={way.id} way={way} code={snippets[way.id]} recommendedFor={guide?.way === way.id ? guide.label : undefined} />
          ))}
        </div>
      </section>
      <PageCheck timelineID={id} />
      <RegistrationPreview master={master} />
    </div>
  );
}
