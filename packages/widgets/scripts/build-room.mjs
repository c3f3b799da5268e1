// Builds dist/room.js: the hosted room page's script (Preact inside), one minified IIFE for browsers.
import { build } from "esbuild";
import { ROOM_OPTIONS } from "./room-options.mjs";

await build({ ...ROOM_OPTIONS, outfile: "dist/room.js" });
