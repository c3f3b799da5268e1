// The esbuild options of dist/room.js (the hosted room page's script), shared by
// scripts/build-room.mjs and bench/widgets-size.mjs (so the benchmark measures the bundle that ships).
import { EMBED_OPTIONS } from "./embed-options.mjs";

export const ROOM_OPTIONS = {
  ...EMBED_OPTIONS,
  entryPoints: ["src/room/room.ts"],
  // Names shortened as in embed.js, plus the room and player cores' members (never handed to a page).
  mangleProps:
    /^(?:[a-z]\w*[a-z]_|__\w*|_sb|useState|useEffect|useRef|useId|textInput|peek|needsUnmute|togglePlay|toggleMute|setVolume|setPlaybackTime|dismissCta|lastCta|playbackTime)$/,
};
