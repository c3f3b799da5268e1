import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { currentHashPath, navigate } from "./lib/hashLocation.js";
import { reloadTarget } from "./lib/reloadGuard.js";
import "./ui/theme.css";

// After a guarded reload (chunk error, new deployment) go back to the path it was aiming for.
const target = reloadTarget();
if (target && target !== currentHashPath()) navigate(target, { replace: true });

const root = document.getElementById("app");
if (!root) throw new Error("index.html has no #app element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
