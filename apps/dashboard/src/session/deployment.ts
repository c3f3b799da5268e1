import { useEffect } from "react";
import { reloadTo } from "../lib/reloadGuard.js";
import { currentHashPath } from "../lib/hashLocation.js";
import { toast } from "../ui/Toasts.js";

/** How often the dashboard asks whether a newer build is served. */
export const DEPLOYMENT_POLL_MS = 5 * 60_000;

/**
 * Asks `/version.json` (emitted by the build) for the served build id; true when it differs from
 * the running one.
 *
 * @example
 * if (await isNewerBuildServed()) …
 */
export async function isNewerBuildServed(running = __BUILD_ID__): Promise<boolean> {
  try {
    const response = await fetch(new URL("version.json", location.href.split("#")[0]), { cache: "no-store" });
    if (!response.ok) return false;
    const { build } = (await response.json()) as { build?: unknown };
    return typeof build === "string" && build !== running;
  } catch {
    return false;
  }
}

/**
 * Polls for a new deployment (on start, every 5 minutes and when the tab becomes visible) and
 * offers the toast of spec §2: Refresh or Maybe later. Asked once per newer build.
 */
export function useDeploymentCheck(pollMs = DEPLOYMENT_POLL_MS): void {
  useEffect(() => {
    if (__BUILD_ID__ === "dev") return;
    let offered = false;
    const check = async () => {
      if (offered || !(await isNewerBuildServed())) return;
      offered = true;
      toast.info("A new deployment is available", {
        body: "Refresh to use the latest version.",
        actions: [
          { label: "Refresh", onClick: () => reloadTo(currentHashPath()) },
          { label: "Maybe later", onClick: () => {} },
        ],
      });
    };
    void check();
    const timer = setInterval(check, pollMs);
    const onVisible = () => document.visibilityState === "visible" && void check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [pollMs]);
}
