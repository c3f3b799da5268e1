import { Link } from "wouter";
import type { ScreenProps } from "../../lib/lazyScreen.js";

/** The 500 page (spec §2), also shown when a screen fails to render (`params.message`). */
export default function ServerErrorScreen({ params }: ScreenProps) {
  return (
    <section className="stack" aria-labelledby="server-error-title">
      <p className="muted" style={{ margin: 0, fontSize: "2.5rem", fontWeight: 800 }}>500</p>
      <h1 id="server-error-title">Internal Server Error</h1>
      <p>Something went wrong on our side{params.message ? `: ${params.message}` : "."}</p>
      <p className="row">
        <button type="button" className="btn" onClick={() => location.reload()}>Reload the page</button>
        <Link href="/">Go to the dashboard</Link>
      </p>
    </section>
  );
}
