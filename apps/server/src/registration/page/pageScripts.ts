import { createHash } from "node:crypto";
import { REGISTRATION_HEIGHT_MESSAGE } from "@cuepoint/sdk";

/**
 * The pages' only scripts, inline (no request before the page is usable) and allowed by their
 * hashes in the CSP. Each reads what it needs from the page's data attributes, so the text — and
 * its hash — never changes with the request. Everything they do is an extra: the pages work
 * without them.
 */

/**
 * Both pages: the browser's zone goes into the form (the registrant's zone, for text messages out
 * of quiet hours), and session times written in the timeline's zone are written again in it.
 * Keep the format options as sessionTimes.ts's SESSION_TIME_OPTIONS.
 */
const ZONE =
  'var d=document,r=d.documentElement,z,i;try{z=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(e){}' +
  'if(z){var l=d.querySelectorAll("input[name=timeZone]");for(i=0;i<l.length;i++)l[i].value=z;' +
  'if(z!==r.getAttribute("data-zone")){try{var f=new Intl.DateTimeFormat(r.lang,{weekday:"long",day:"numeric",month:"long",' +
  'hour:"numeric",minute:"2-digit",timeZoneName:"short",timeZone:z}),t=d.querySelectorAll("time[data-start]");' +
  'for(i=0;i<t.length;i++)t[i].textContent=f.format(new Date(t[i].getAttribute("datetime")));' +
  'var n=d.getElementById("zone-note");if(n)n.textContent="Times are in your time zone ("+z.replace(/_/g," ")+")."}catch(e){}}}';

/**
 * The hosted page: once the widget (which took over the form) has registered the visitor, go to
 * their personal link — as the no-script form's 303 does — unless the host set a thank-you page
 * (the widget goes there itself, `data-redirect`).
 */
export const PAGE_SCRIPT =
  `(function(){${ZONE};d.addEventListener("cuepoint:registered",function(e){var u=r.getAttribute("data-join");` +
  'if(u&&e.detail&&e.detail.registrantId)location.assign(u+encodeURIComponent(e.detail.registrantId))})})()';

/**
 * The framed form: its height to the parent page on load and whenever it changes (errors shown,
 * the window resized), for the snippet's listener; after registering, the personal link (or the
 * thank-you page) in the top window — the click that sent the form allows it.
 */
export const FRAME_SCRIPT =
  `(function(){${ZONE};var w=window,id=r.getAttribute("data-timeline");function s(){if(w.parent!==w)w.parent.postMessage(` +
  `{type:"${REGISTRATION_HEIGHT_MESSAGE}",timelineID:id,height:Math.ceil(r.getBoundingClientRect().height)},"*")}` +
  's();if(w.ResizeObserver)new ResizeObserver(s).observe(r);else w.addEventListener("resize",s);' +
  'var u=r.getAttribute("data-next");if(u)try{w.top.location.href=u}catch(e){}})()';

/** A script's CSP source (`'sha256-…'`). */
const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

export const PAGE_SCRIPT_HASH = hashOf(PAGE_SCRIPT);
export const FRAME_SCRIPT_HASH = hashOf(FRAME_SCRIPT);
