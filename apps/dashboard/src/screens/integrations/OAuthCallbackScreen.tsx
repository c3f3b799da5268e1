import { useEffect, useState } from "react";
import { oauthCallbackRoutes, type OAuthCallbackRoute } from "@cuepoint/sdk";
import { Link, useLocation, useSearch } from "wouter";
import { client } from "../../api/client.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { href } from "../../config/paths.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { useRouteMeta } from "../../shell/currentRoute.js";
import { FormError } from "../../ui/Field.js";
import { PageHeader } from "../../ui/PageHeader.js";
import { toast } from "../../ui/Toasts.js";

/** Callbacks already sent: a provider's code works once, whatever re-renders. */
const sent = new Set<string>();

/** `zoomcallback` → `zoom`, `fbcallback` → `fb`: the stem the server's `/oauth/{kind}/callback` takes. */
const stemOf = (route: OAuthCallbackRoute) => route.replace(/callback$/, "");

/**
 * The return point of an integration's sign-in (every `/{kind}callback` of spec §2): reads the
 * route's query parameters (code; AccountSid; code, scope, state; code, state), finishes the
 * connection (POST /oauth/{kind}/callback) and opens the connected integration.
 */
export default function OAuthCallbackScreen(_props: ScreenProps) {
  const { callback } = useRouteMeta();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string>();
  const route = callback ? oauthCallbackRoutes[callback] : undefined;

  useEffect(() => {
    if (!callback || !route) return;
    const query = new URLSearchParams(search);
    const params: Record<string, string> = {};
    for (const [key, value] of query) params[key] = value;
    const denied = params.error;
    const missing = route.params.filter((p) => p !== "state" && p !== "scope" && !params[p]);
    if (!denied && missing.length > 0) {
      setError(`The sign-in did not return ${missing.join(" and ")}. Start connecting again from the integrations screen.`);
      return;
    }
    const key = `${callback}?${query.toString()}`;
    if (sent.has(key)) return;
    sent.add(key);
    client.integrations.completeOAuth(stemOf(callback), params).then(
      ({ success }) => {
        toast.success(`${success.name} is connected`);
        void refreshSessionData("integrations");
        navigate(href("integration___en-US", {}, { id: success.integrationid }), { replace: true });
      },
      (e: unknown) => setError((e as Error).message),
    );
  }, [callback, route, search, navigate]);

  return (
    <>
      <PageHeader title="Connecting an integration" />
      {error ? (
        <div className="stack">
          <FormError>{error}</FormError>
          <p>
            <Link href={href("integrations-add-integration___en-US")}>Try again</Link> or go back to{" "}
            <Link href={href("integrations___en-US")}>your integrations</Link>.
          </p>
        </div>
      ) : (
        <div className="list-state" role="status">
          <div className="spinner" aria-hidden="true" />
          Finishing the connection…
        </div>
      )}
    </>
  );
}
