import { BUCKET_MAX, BUCKET_MIN, dayLabel } from "@cuepoint/sdk";

/** The 91 days of a timeline as select options, earliest first ("45 days before" … "45 days after"). */
export const DAY_OPTIONS: ReadonlyArray<{ value: string; label: string }> = Array.from(
  { length: BUCKET_MAX - BUCKET_MIN + 1 },
  (_, index) => {
    const day = BUCKET_MIN + index;
    return { value: String(day), label: dayLabel(day) };
  },
);
