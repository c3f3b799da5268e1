import { describe, expect, it } from "vitest";
import { followProgress } from "./progress.js";

describe("followProgress", () => {
  it("reports out_time_us over the duration at each block's end, and 1 at progress=end", () => {
    const seen: number[] = [];
    const feed = followProgress(10, (fraction) => seen.push(fraction));
    for (const line of ["frame=10", "out_time_us=N/A", "progress=continue", "out_time_us=2500000", "out_time=00:00:02.5", "progress=continue"])
      feed(line);
    feed("out_time_us=1000000"); // a later stream's clock behind: never backwards
    feed("progress=continue");
    feed("progress=end");
    expect(seen).toEqual([0.25, 0.25, 1]);
  });

  it("never reports more than 1, and ignores lines that are not key=value", () => {
    const seen: number[] = [];
    const feed = followProgress(4, (fraction) => seen.push(fraction));
    feed("garbage");
    feed("out_time_us=9000000");
    feed("progress=continue");
    expect(seen).toEqual([1]);
  });
});
