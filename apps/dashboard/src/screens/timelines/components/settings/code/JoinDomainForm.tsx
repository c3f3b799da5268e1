import { findJoinDomain, type JoinDomain } from "@cuepoint/sdk";
import type { Query } from "../../../../../api/useQuery.js";
import { Button, Select } from "../../../../../ui/index.js";
import type { SectionProps } from "../sectionProps.js";
import { SettingForm, withSection } from "../SettingForm.js";

const OWN = "";

/**
 * The timeline's join domain (`general.joinDomain`): a pick among the domains the server's operator
 * listed, or Cuepoint's own address. The hosted page, the snippets and every personal link in the
 * mails follow it. With none listed it says so instead of offering a choice that does nothing.
 *
 * @example
 * <JoinDomainForm master={master} saveSetting={saveSetting} domains={domains} ownOrigin="https://app.example.com" />
 */
export function JoinDomainForm({ master, saveSetting, domains, ownOrigin }: SectionProps & { domains: Query<JoinDomain[]>; ownOrigin: string }) {
  const own = new URL(ownOrigin).host;
  if (domains.status === "error" && !domains.data) {
    return (
      <section className="stack card" aria-labelledby="join-domain-heading">
        <h2 id="join-domain-heading" style={{ margin: 0 }}>Join domain</h2>
        <p role="alert" style={{ margin: 0 }}>Could not load this server&apos;s join domains: {domains.error?.message}</p>
        <div><Button onClick={domains.reload}>Retry</Button></div>
      </section>
    );
  }
  const list = domains.data ?? [];
  if (domains.status !== "error" && !domains.data) {
    return (
      <section className="card" aria-labelledby="join-domain-heading">
        <h2 id="join-domain-heading" style={{ marginBottom: 4 }}>Join domain</h2>
        <p className="muted" role="status" style={{ margin: 0 }}>Loading this server&apos;s join domains…</p>
      </section>
    );
  }
  if (list.length === 0) {
    return (
      <section className="stack card" aria-labelledby="join-domain-heading">
        <h2 id="join-domain-heading" style={{ margin: 0 }}>Join domain</h2>
        <p style={{ margin: 0 }}>
          Your registration page and your registrants&apos; join and replay links use Cuepoint&apos;s own address, <strong>{own}</strong>.
          This server has no join domains of your own to choose from: the server&apos;s operator can add up to six.
        </p>
      </section>
    );
  }
  return (
    <SettingForm
      title="Join domain"
      description="The address of your registration page, the code below and every join and replay link in your emails."
      master={master}
      saveSetting={saveSetting}
      paths={["general.joinDomain"]}
    >
      {(setting, update, errors) => {
        const value = setting.general.joinDomain.trim().toLowerCase();
        const listed = findJoinDomain(value, list);
        const options = [
          { value: OWN, label: "Cuepoint's own address" },
          ...list.map((d) => ({ value: d.domain, label: d.domain })),
          // A domain the operator has since removed: shown for what it is; links already use the own address.
          ...(value !== OWN && !listed ? [{ value, label: `${value} (no longer served: links use ${own})` }] : []),
        ];
        return (
          <Select
            label="Links use"
            value={value}
            options={options}
            error={errors["general.joinDomain"]}
            hint={`Cuepoint's own address is ${own}. The others are the domains the server's operator pointed at Cuepoint.`}
            onChange={(e) => update((s) => withSection(s, "general", { joinDomain: e.target.value }))}
          />
        );
      }}
    </SettingForm>
  );
}
