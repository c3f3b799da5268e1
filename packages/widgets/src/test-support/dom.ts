import { Window } from "happy-dom";

/**
 * A happy-dom window for the behaviour tests, registered on the Node global without replacing what
 * Node already has (`URL`, `fetch`, `Request`, timers...). Tests then run in vitest's node
 * environment, where the in-process server (PGlite, `import.meta.url` paths) works as in its own suite.
 */
const window = new Window({ url: "https://www.example.com/landing" });
const global = globalThis as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in global || key === "undefined") continue;
  Object.defineProperty(global, key, {
    configurable: true,
    get: () => (window as unknown as Record<string, unknown>)[key],
  });
}
for (const key of ["window", "document", "navigator", "location", "self"]) {
  Object.defineProperty(global, key, { configurable: true, get: () => (key === "window" || key === "self" ? window : (window as unknown as Record<string, unknown>)[key]) });
}
// React's test utilities read this to allow `act`.
global.IS_REACT_ACT_ENVIRONMENT = true;
