/**
 * The host page of the browser test: a plain HTML page on its own origin that forbids inline
 * scripts, inline styles and eval (CSP), carries hostile CSS, runs the queue snippet from its own
 * script file, and embeds two registration forms by script tag.
 */
export function hostPage(request: Request, { api, timelines }: { api: string; timelines: { a: string; b: string } }): Response {
  const { pathname } = new URL(request.url);
  const csp = [
    "default-src 'none'",
    `script-src 'self' ${api}`,
    `connect-src ${api}`,
    "style-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  if (pathname === "/hostile.css") {
    return new Response("* { color: red !important; font-size: 40px !important }", {
      headers: { "content-type": "text/css" },
    });
  }
  if (pathname === "/page.js") {
    // The queue snippet, then a listener registered before embed.js has loaded.
    const script = `window.cuepoint=window.cuepoint||function(){(cuepoint.q=cuepoint.q||[]).push(arguments)};
var heard = [];
cuepoint("on", "registered", function (detail, element) {
  heard.push({ id: element.id, registrantId: detail.registrantId, timelineId: detail.timelineId });
  document.getElementById("log").setAttribute("data-events", JSON.stringify(heard));
});`;
    return new Response(script, { headers: { "content-type": "text/javascript" } });
  }
  if (pathname !== "/") return new Response("not found", { status: 404 });
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<link rel="stylesheet" href="/hostile.css">
<script src="/page.js"></script>
<script async src="${api}/embed.js"></script>
</head><body>
<h1>A page builder's page</h1>
<div id="form-a" data-cuepoint-registration="${timelines.a}" data-prefill-name="Ann Lee"></div>
<div id="form-b" data-cuepoint-registration="${timelines.b}"></div>
<ul id="log"></ul>
</body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": csp } });
}
