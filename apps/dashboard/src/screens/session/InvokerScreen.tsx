import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import { client } from "../../api/client.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { loadAllData } from "../../session/dataStore.js";
import { setUser } from "../../session/session.js";

/** Only dashboard paths: `/leads`, never `//evil.example` or `https://…` (spec §8). */
export const safeRedirect = (value: string | null): string =>
  value && value.startsWith("/") && !value.startsWith("//") ? value : "/";

/**
 * The invoker: opens the dashboard from another app with `?accessToken=…&redirect=/path`. It logs
 * in with the token (`login` with `accessToken`; 401s here never redirect to /login, spec §6) and
 * goes to `redirect`, a dashboard path.
 */
export default function InvokerScreen(_props: ScreenProps) {
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const accessToken = search.get("accessToken");
  const redirect = safeRedirect(search.get("redirect"));
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!accessToken) return;
    let current = true;
    // `cookieOnly`: the server moves the token into its HttpOnly cookie; the page keeps no copy.
    client.session.login({ accessToken, cookieOnly: true }).then(
      ({ success: user }) => {
        if (!current) return;
        setUser(user);
        void loadAllData();
        navigate(redirect, { replace: true });
      },
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [accessToken, redirect, navigate]);

  return (
    <section className="card stack" aria-labelledby="invoker-title">
      <h1 id="invoker-title">Opening Cuepoint</h1>
      {!accessToken && <p>This address opens Cuepoint from another app. It needs an access token in its link.</p>}
      {accessToken && !error && <p role="status">Signing you in…</p>}
      {error && <p role="alert">The link did not work: {error}</p>}
    </section>
  );
}
