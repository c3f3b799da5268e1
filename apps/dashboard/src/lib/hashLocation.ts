import { useSyncExternalStore } from "react";

/*
 * Hash routing with the query kept INSIDE the hash: `/#/forgotPassword?token=…` (the server's reset
 * link) and `/#/zoomcallback?code=…` (the forwarded OAuth callbacks). wouter's own hash hook
 * treats `?` in the hash as part of the path and writes queries to `location.search`, so the
 * dashboard uses this one: same shape (`[path, navigate]` plus `hrefs`), plus `useHashSearch`.
 */

const subscribe = (callback: () => void) => {
  addEventListener("hashchange", callback);
  return () => removeEventListener("hashchange", callback);
};

const hashValue = () => location.hash.replace(/^#?\/?/, "");

/** The path part of the hash, always starting with `/`: `#/leads?page=2` → `/leads`. */
export const currentHashPath = (): string => "/" + (hashValue().split(/[?#]/, 1)[0] ?? "");

/** An in-page anchor after a second `#`: `#/settings#plan` → `plan` (spec §2: scroll to the anchor). */
export const currentHashAnchor = (): string | undefined => {
  const anchor = hashValue().split("#")[1];
  return anchor ? decodeURIComponent(anchor) : undefined;
};

/** The query part of the hash, without `?`; falls back to `location.search` when the hash has none. */
export const currentHashSearch = (): string => {
  const [, search] = (hashValue().split("#", 1)[0] ?? "").split(/\?(.*)/s);
  return search ?? location.search.replace(/^\?/, "");
};

/**
 * Goes to `to` (a dashboard path, query allowed): `navigate("/leads?page=2")` sets `#/leads?page=2`.
 *
 * @example
 * navigate("/login", { replace: true });
 */
export function navigate(to: string, options: { replace?: boolean; state?: unknown } = {}): void {
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = "/" + to.replace(/^#?\/?/, "");
  history[options.replace ? "replaceState" : "pushState"](options.state ?? null, "", url.href);
  dispatchEvent(new HashChangeEvent("hashchange", { oldURL, newURL: url.href }));
}

/**
 * wouter location hook: `<Router hook={useHashLocation} searchHook={useHashSearch} hrefs={useHashLocation.hrefs}>`.
 *
 * @example
 * const [path, go] = useHashLocation(); // "/leads", navigate
 */
export const useHashLocation = (): [string, typeof navigate] => [
  useSyncExternalStore(subscribe, currentHashPath, () => "/"),
  navigate,
];
useHashLocation.hrefs = (href: string) => "#" + (href.startsWith("/") ? href : `/${href}`);

/** wouter search hook reading the query inside the hash. */
export const useHashSearch = (): string => useSyncExternalStore(subscribe, currentHashSearch, () => "");
