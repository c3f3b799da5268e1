import type { ReactNode } from "react";

/**
 * A screen's heading (the page's one h1), an optional description and actions on the right.
 *
 * @example
 * <PageHeader title="Leads" description="Everyone who registered." actions={<Button>Export CSV</Button>} />
 */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {description && <p className="muted" style={{ margin: "4px 0 0" }}>{description}</p>}
      </div>
      {actions && <div className="row">{actions}</div>}
    </header>
  );
}
