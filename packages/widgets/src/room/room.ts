/**
 * `room.js`: the hosted room page's script (Preact inside, self-contained, one minified IIFE).
 *
 *   <div id="cuepoint-room" data-token="…" data-entry="join" data-page-title></div>
 *   <script src="/room.js" defer></script>
 *
 * The API is the script's own origin + `/api`, unless the element says `data-api-url`;
 * `data-page-title` lets the room's subject become the page's title. The room
 * renders in an open shadow root (the host's custom CSS is linked inside it, after ours). No eval,
 * no inline script; hls.js is loaded only where the browser lacks native HLS.
 */
import { mountRoom } from "./mountRoom.js";

const script = document.currentScript as HTMLScriptElement | null;
const apiURL = `${new URL(script?.src || "/", location.href).origin}/api`;
const mount = () => mountRoom(document.getElementById("cuepoint-room"), apiURL);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
else mount();
