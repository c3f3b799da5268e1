import { describe, expect, it } from "vitest";
import { avcCodec, parsePlaylist } from "./rendition.js";

describe("parsePlaylist", () => {
  it("answers each segment's duration, in order", () => {
    const playlist = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:7\n#EXTINF:6.000000,\n00000.ts\n#EXTINF:6.506667,\n00001.ts\n#EXTINF:1.2,\n00002.ts\n#EXT-X-ENDLIST\n";
    expect(parsePlaylist(playlist)).toEqual([6, 6.506667, 1.2]);
  });

  it("refuses a playlist ffmpeg did not finish, or with segments named otherwise", () => {
    expect(() => parsePlaylist("#EXTM3U\n#EXTINF:6,\n00000.ts\n")).toThrow(/no end/);
    expect(() => parsePlaylist("#EXTM3U\n#EXTINF:6,\n00001.ts\n#EXT-X-ENDLIST\n")).toThrow(/segment 0 is named 00001.ts/);
    expect(() => parsePlaylist("#EXTM3U\n#EXT-X-ENDLIST\n")).toThrow(/no segment/);
    expect(() => parsePlaylist("<html>")).toThrow(/not an HLS playlist/);
  });
});

describe("avcCodec", () => {
  it("writes RFC 6381 avc1 codecs from ffprobe's profile and level", () => {
    expect(avcCodec("High", 31)).toBe("avc1.64001f");
    expect(avcCodec("Main", 30)).toBe("avc1.4d401e");
    expect(avcCodec("Constrained Baseline", 31)).toBe("avc1.42e01f");
    expect(avcCodec("High", 40)).toBe("avc1.640028");
  });
});
