import { CSS } from "./styles.js";

/**
 * The event room's rules, on top of the widgets' `CSS`. The room's own short properties: `--m`
 * muted text, `--l` link colour (light and dark values: the room follows `prefers-color-scheme`,
 * the page's theme properties still win). Class names a host's custom CSS may target are listed in
 * the README ("Event room"). One rule per line; each line ends in `\`, so the text has no newlines.
 */
export const ROOM_CSS = `:host{display:block}:host>.cp-room{min-height:100vh}\
.cp-room{--m:var(--cuepoint-muted,#57606a);--l:var(--cuepoint-link,#1f5a99);border:0;border-radius:0;padding:0;min-height:100%;background:var(--g) center/cover no-repeat}\
@media (prefers-color-scheme:dark){.cp-room{--g:var(--cuepoint-background,#14171b);--b:1px solid var(--cuepoint-border,#3d444d);--m:var(--cuepoint-muted,#aab3bd);--l:var(--cuepoint-link,#8fbcf5);--e:var(--cuepoint-error,#ff8a80);color:var(--cuepoint-text,#e8eaed);color-scheme:dark}.cp-room .cp-alert{background:#3b1d1b}}\
.cp-room h1{margin:0 0 .5em;font-size:1.6em;font-weight:700;line-height:1.2;overflow-wrap:anywhere}\
.cp-room a{color:var(--l)}\
.cp-room a.cp-button{display:inline-block;padding:.55em 1.1em;border-radius:var(--r);background:var(--a);color:var(--cuepoint-accent-text,#fff);font-weight:600;text-decoration:none}\
.cp-room button.cp-plain{background:#0000;color:inherit;border:var(--b);font-weight:400}\
.cp-page{padding:2em 1em}\
.cp-card{max-width:40em;margin:0 auto;padding:1.5em 1.25em;background:var(--g);border:var(--b);border-radius:var(--r);text-align:center}\
.cp-logo{display:block;max-height:3.5em;max-width:12em;margin:0 auto 1em;object-fit:contain}\
.cp-muted{color:var(--m);font-size:.9em}\
.cp-actions{display:flex;flex-wrap:wrap;gap:.6em;justify-content:center;margin:1.25em 0}\
.cp-countdown{display:flex;gap:.5em;justify-content:center;margin:1em 0}\
.cp-countdown span{display:flex;flex-direction:column;align-items:center;min-width:4.2em;padding:.5em .25em;border:var(--b);border-radius:var(--r);font-size:.8em}\
.cp-countdown b{font-size:2em;font-weight:700;font-variant-numeric:tabular-nums}\
.cp-countdown-image{display:block;max-width:100%;margin:0 auto 1em;border-radius:var(--r)}\
.cp-live{display:grid;gap:1em;padding:1em;max-width:82em;margin:0 auto}\
@media (min-width:60em){.cp-live{grid-template-columns:minmax(0,2.2fr) minmax(16em,1fr)}.cp-head,.cp-code{grid-column:1/-1}}\
.cp-head{display:flex;flex-wrap:wrap;gap:.75em;align-items:center}\
.cp-head .cp-logo{margin:0}\
.cp-head h1{flex:1;margin:0;font-size:1.35em}\
.cp-stage{display:grid;gap:1em;align-content:start;min-width:0}\
.cp-player{position:relative;background:#000;color:#fff;border-radius:var(--r);overflow:hidden;aspect-ratio:16/9}\
.cp-player[data-pip]{position:fixed;right:1em;bottom:1em;width:min(22em,48vw);z-index:9;box-shadow:0 .5em 2em #0009}\
.cp-player video{display:block;width:100%;height:100%;background:#000}\
.cp-player iframe{display:block;width:100%;height:100%;border:0}\
.cp-player :focus-visible{outline-color:#fff}\
.cp-controls{position:absolute;left:0;right:0;bottom:0;display:flex;gap:.2em;align-items:center;padding:.35em .5em;background:linear-gradient(#0000,#000c)}\
.cp-room .cp-controls button{display:inline-flex;background:#0000;color:#fff;border:0;padding:.35em .5em}\
.cp-room .cp-controls input[type=range]{display:inline-block;width:5.5em;padding:0;border:0;background:#0000;accent-color:#fff}\
.cp-counter{margin-left:auto;font-variant-numeric:tabular-nums;font-size:.85em;padding:0 .4em}\
.cp-overlay{position:absolute;inset:0;display:flex;flex-direction:column;gap:.75em;align-items:center;justify-content:center;padding:1em;text-align:center;background:#000a;color:#fff}\
.cp-overlay h2{margin:0;font-size:1.4em}\
.cp-room button.cp-big{display:inline-flex;gap:.5em;align-items:center;font-size:1.1em;padding:.8em 1.4em;white-space:nowrap}\
.cp-room svg{flex:none}\
.cp-unmute{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%)}\
.cp-restore{position:absolute;top:.4em;right:.4em}\
.cp-cta{margin:0;padding:1em;border:2px solid var(--a);border-radius:var(--r);background:var(--g);text-align:center;position:relative}\
.cp-cta h2{margin:0 1.5em .3em;font-size:1.3em}\
.cp-cta p{margin:0 0 .9em}\
.cp-room .cp-cta .cp-close{position:absolute;top:.3em;right:.3em;padding:0 .45em;font-size:1.3em;line-height:1.4}\
.cp-chat{display:flex;flex-direction:column;min-height:12em;max-height:32em;border:var(--b);border-radius:var(--r)}\
.cp-chat h2{margin:0;padding:.6em .75em;font-size:1em;border-bottom:var(--b)}\
.cp-log{overflow:auto;flex:1;min-height:8em}\
.cp-chat ol{list-style:none;margin:0;padding:.25em .75em}\
.cp-chat li{padding:.45em 0;overflow-wrap:anywhere}\
.cp-chat li+li{border-top:var(--b)}\
.cp-chat b{font-weight:600;margin-right:.4em}\
.cp-chat time{color:var(--m);font-size:.8em;margin-left:.4em}\
.cp-chat li.cp-host{border-left:3px solid var(--a);padding-left:.5em}\
.cp-tag{display:inline-block;margin-right:.4em;padding:0 .45em;border:var(--b);border-radius:1em;color:var(--m);font-size:.8em}\
.cp-chat .cp-failed{color:var(--e);border-color:var(--e)}\
.cp-room button.cp-retry{margin-left:.5em;padding:.1em .6em;font-size:.85em}\
.cp-send{padding:.6em .75em;border-top:var(--b)}\
.cp-send p{margin:0 0 .4em}\
.cp-canned{display:flex;flex-wrap:wrap;gap:.4em;margin:0 0 .5em}\
.cp-room .cp-canned button{padding:.3em .75em;font-size:.9em}\
.cp-box{display:flex;gap:.5em}\
.cp-box input{flex:1;min-width:0}\
.cp-send .cp-count{margin:.3em 0 0;font-size:.8em}\
.cp-count:empty{display:none}\
.cp-audience{margin:0;color:var(--m);font-size:.9em}\
.cp-code{display:block;width:100%;height:15em;border:0}\
.cp-pixel{position:absolute;width:1px;height:1px;border:0;opacity:0}`;

/**
 * The room's stylesheet: the widgets' `CSS` and `ROOM_CSS` in a cascade layer, so a host's custom
 * CSS (unlayered, linked after it) overrides any of it whatever its selectors' weight.
 */
export const ROOM_SHEET = `@layer cuepoint{${CSS}${ROOM_CSS}}`;
