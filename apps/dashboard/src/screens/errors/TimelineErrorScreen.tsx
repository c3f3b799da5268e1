import { Link, useSearchParams } from "wouter";
import type { ScreenProps } from "../../lib/lazyScreen.js";

/** Shown when a timeline cannot be opened (deleted, another account's, or failed to load). */
export default function TimelineErrorScreen(_props: ScreenProps) {
  const [search] = useSearchParams();
  const message = search.get("message");
  return (
    <section className="stack" aria-labelledby="timeline-error-title">
      <h1 id="timeline-error-title">This timeline could not be opened</h1>
      <p>{message ?? "It may have been deleted or moved to the trash."}</p>
      <p>
        <Link href="/timelines">Back to your timelines</Link>
      </p>
    </section>
  );
}
