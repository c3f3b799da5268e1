/**
 * `embed.js`: the script-tag entry (Preact inside, self-contained, built as one minified IIFE).
 *
 *   <script async src="https://app.example.com/embed.js"></script>
 *   <div data-cuepoint-registration="TIMELINE_ID"></div>
 *
 * The API is the script's own origin + `/api`, unless the script tag or the element says
 * `data-api-url`. Elements added later are mounted too. `cuepoint("on", event, fn)` listens to every
 * form's `ready`, `submitting`, `registered` and `error`; calls made before the script loaded (see
 * QUEUE_SNIPPET) are replayed. No eval, no inline script or style: a strict CSP page works.
 */
import { mountAll, type EmbedContext, type GlobalListener } from "./mountAll.js";

type Queued = ((...args: unknown[]) => void) & { q?: ArrayLike<unknown>[] };

const script = document.currentScript as HTMLScriptElement | null;
const listeners: EmbedContext["listeners"] = new Map();
const context: EmbedContext = {
  apiURL: script?.dataset.apiUrl || `${new URL(script?.src || "/", location.href).origin}/api`,
  listeners,
};
const scan = () => mountAll(context);

const run = (name?: unknown, type?: unknown, listener?: unknown) => {
  if (name === "mount") return scan();
  const set = listeners.get(type as never) ?? new Set();
  listeners.set(type as never, set);
  if (name === "off") set.delete(listener as GlobalListener);
  else if (name === "on" && typeof listener === "function") set.add(listener as GlobalListener);
};

const global = window as unknown as { cuepoint?: Queued };
const queued = global.cuepoint?.q ?? [];
global.cuepoint = run;
for (const args of queued) run.apply(0, args as Parameters<typeof run>);

// Parser-inserted and script-added elements alike reach the observer (one call per batch).
new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
scan();
