/* global localStorage, matchMedia, document */
// Apply the stored colour mode before the first paint, so a dark page never flashes light. A file
// of its own, loaded before the stylesheet: the Content-Security-Policy allows no inline script.
try {
  var p = localStorage.getItem("nuxt-color-mode") || "system";
  var d = p === "dark" || (p === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.dataset.colorMode = d ? "dark" : "light";
} catch {
  // No storage (a locked-down browser): the light default stays until the app starts.
}
