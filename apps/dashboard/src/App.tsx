import { Router } from "wouter";
import { useHashLocation, useHashSearch } from "./lib/hashLocation.js";
import { useDeploymentCheck } from "./session/deployment.js";
import { RouteView } from "./shell/RouteView.js";
import { ConfirmDialogHost } from "./ui/Dialog.js";
import { Toaster } from "./ui/Toasts.js";

/**
 * The dashboard: hash routing (queries inside the hash), the route view, toasts and the shared
 * confirmation dialog.
 */
export function App() {
  useDeploymentCheck();
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={useHashLocation.hrefs}>
      <RouteView />
      <Toaster />
      <ConfirmDialogHost />
    </Router>
  );
}
