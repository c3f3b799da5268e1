import { Link } from "wouter";
import type { ScreenProps } from "../../lib/lazyScreen.js";

/**
 * The 404 pages (spec §2): an unmatched route gets `params.path` and says "Page not found: {path}";
 * the /404 route itself is the page titled "Page Not Found".
 */
export default function NotFoundScreen({ params }: ScreenProps) {
  return (
    <section className="stack" aria-labelledby="not-found-title">
      <p className="muted" style={{ margin: 0, fontSize: "2.5rem", fontWeight: 800 }}>404</p>
      <h1 id="not-found-title">Page Not Found</h1>
      {params.path && <p>Page not found: {params.path}</p>}
      <p>
        <Link href="/">Go to the dashboard</Link>
      </p>
    </section>
  );
}
