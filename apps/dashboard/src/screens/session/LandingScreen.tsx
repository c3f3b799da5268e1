import { Link } from "wouter";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { useSession } from "../../session/session.js";

/** The public landing page (no guard; a failed session validation stays here). */
export default function LandingScreen(_props: ScreenProps) {
  const { status } = useSession();
  return (
    <section className="card stack" aria-labelledby="landing-title">
      <h1 id="landing-title">Webinars that run themselves</h1>
      <p>
        Cuepoint schedules live, hybrid, evergreen and video-sales-letter webinars and runs the timeline of emails, texts,
        tags and webhooks around each one.
      </p>
      {status === "anonymous" ? (
        <Link href="/login" className="btn btn-primary">Log in</Link>
      ) : (
        <Link href="/" className="btn btn-primary">Go to your dashboard</Link>
      )}
    </section>
  );
}
