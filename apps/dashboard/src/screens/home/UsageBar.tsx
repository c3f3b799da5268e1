import { formatCount } from "../../lib/format.js";

export interface UsageBarProps {
  label: string;
  used: number;
  /** The plan's limit; -1 unlimited. */
  limit: number;
  /** How to write a quantity ("1.50 GB"); whole numbers by default. */
  format?: (n: number) => string;
}

/**
 * One "used of limit" line with a bar (the bar is decoration; the text says it all).
 *
 * @example
 * <UsageBar label="Actions" used={165} limit={35000} />
 */
export function UsageBar({ label, used, limit, format = formatCount }: UsageBarProps) {
  const unlimited = limit < 0;
  const share = unlimited || limit === 0 ? (used > 0 && limit === 0 ? 1 : 0) : Math.min(1, used / limit);
  return (
    <div className="usage-row">
      <div className="usage-label">
        <span>{label}</span>
        <span>
          {format(used)} {unlimited ? "used (unlimited)" : `of ${format(limit)}`}
        </span>
      </div>
      <div className="usage-bar" aria-hidden="true" data-level={share >= 0.9 ? "high" : undefined}>
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  );
}
