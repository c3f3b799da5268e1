import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "wouter";

export interface TabItem {
  id: string;
  label: ReactNode;
}

/**
 * Route tabs: a navigation of links, the current one marked (for sub-routes like /developer/tokens).
 *
 * @example
 * <LinkTabs label="Developer" current={path} items={[{ id: "/developer/endpoints", label: "Endpoints" }]} />
 */
export function LinkTabs({ items, current, label }: { items: TabItem[]; current: string; label: string }) {
  return (
    <nav className="tabs" aria-label={label}>
      {items.map((item) => (
        <Link key={item.id} href={item.id} className="tab" aria-current={item.id === current ? "page" : undefined}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * In-page tabs (WAI-ARIA tabs pattern, arrow keys move between tabs). Render the panel yourself
 * with `tabPanelProps(id)`.
 *
 * @example
 * <Tabs label="Settings" items={items} selected={tab} onSelect={setTab} />
 * <div {...tabPanelProps(tab)}>…</div>
 */
export function Tabs({ items, selected, onSelect, label }: { items: TabItem[]; selected: string; onSelect: (id: string) => void; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((i) => i.id === selected);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = items[(index + step + items.length) % items.length];
    if (!next) return;
    onSelect(next.id);
    ref.current?.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} ref={ref} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          className="tab"
          data-tab={item.id}
          id={tabId(item.id)}
          aria-selected={item.id === selected}
          aria-controls={panelId(item.id)}
          tabIndex={item.id === selected ? 0 : -1}
          onClick={() => onSelect(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

const tabId = (id: string) => `tab-${id}`;
const panelId = (id: string) => `tabpanel-${id}`;

/** Props of the panel of tab `id`. @example <section {...tabPanelProps("plan")}>…</section> */
export const tabPanelProps = (id: string) => ({ role: "tabpanel", id: panelId(id), "aria-labelledby": tabId(id), tabIndex: 0 }) as const;
