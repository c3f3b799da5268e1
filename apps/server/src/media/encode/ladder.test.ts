import { describe, expect, it } from "vitest";
import { copiesAudio, ladderArgs, ladderFor } from "./ladder.js";
import type { ProbedVideo } from "./probe.js";

const names = (width: number, height: number, hd = false) => ladderFor({ width, height }, hd).map((rung) => rung.name);

describe("ladderFor", () => {
  it("makes 360p always, 720p from 720 lines, 1080p only for high definition from 1080 lines", () => {
    expect(names(320, 180)).toEqual(["360p"]);
    expect(names(1280, 720)).toEqual(["360p", "720p"]);
    expect(names(1920, 1080)).toEqual(["360p", "720p"]);
    expect(names(1920, 1080, true)).toEqual(["360p", "720p", "1080p"]);
    expect(names(1280, 720, true)).toEqual(["360p", "720p"]); // never above the source
  });

  it("judges a portrait video by its short side", () => {
    expect(names(1080, 1920, true)).toEqual(["360p", "720p", "1080p"]);
    expect(names(720, 1280)).toEqual(["360p", "720p"]);
  });
});

describe("ladderArgs", () => {
  const probed: ProbedVideo = {
    durationSeconds: 60,
    width: 1080,
    height: 1920,
    rotated: false,
    video: { codec: "h264", profile: "High", level: 40, pixelFormat: "yuv420p" },
    audio: null,
    bitRate: null,
  };

  it("scales the short side of a portrait video, and adds silence for a video without audio", () => {
    const args = ladderArgs("/in.mp4", probed, ladderFor(probed, false), "/run");
    expect(args[args.indexOf("-filter_complex") + 1]).toBe("[0:v:0]scale=720:-2:flags=bilinear,split=2[v1][from1];[from1]scale=360:-2:flags=bilinear[v0]");
    expect(args).toContain("anullsrc=channel_layout=stereo:sample_rate=48000");
    expect(args.filter((arg) => arg === "1:a:0")).toHaveLength(2);
    expect(args[args.indexOf("-var_stream_map") + 1]).toBe("v:0,a:0,name:360p v:1,a:1,name:720p");
    expect(args[args.indexOf("-force_key_frames") + 1]).toBe("expr:gte(t,n_forced*2)");
    expect(args[args.indexOf("-hls_time") + 1]).toBe("6");
  });

  it("scales each rung from the next larger one, and a single rung straight from the source", () => {
    const hd = { ...probed, width: 1920, height: 1080 };
    const three = ladderArgs("/in.mp4", hd, ladderFor(hd, true), "/run");
    expect(three[three.indexOf("-filter_complex") + 1]).toBe(
      "[0:v:0]scale=-2:1080:flags=bilinear,split=2[v2][from2];[from2]scale=-2:720:flags=bilinear,split=2[v1][from1];[from1]scale=-2:360:flags=bilinear[v0]",
    );
    const small = { ...probed, width: 320, height: 180 };
    const one = ladderArgs("/in.mp4", small, ladderFor(small, false), "/run");
    expect(one[one.indexOf("-filter_complex") + 1]).toBe("[0:v:0]scale=-2:360:flags=bilinear[v0]");
  });

  it("copies AAC-LC stereo or mono at 44.1/48 kHz up to 192 kb/s into every rung, and encodes any other audio per rung", () => {
    const aac = { codec: "aac", profile: "LC", channels: 2, sampleRate: 48_000, bitRate: 128_000 };
    const hd = { ...probed, width: 1920, height: 1080, audio: aac };
    const copied = ladderArgs("/in.mp4", hd, ladderFor(hd, false), "/run");
    expect(copied[copied.indexOf("-c:a") + 1]).toBe("copy");
    expect(copied.some((arg) => arg.startsWith("-b:a"))).toBe(false);
    expect(copied.filter((arg) => arg === "0:a:0")).toHaveLength(2);

    expect(copiesAudio({ audio: { ...aac, channels: 1, sampleRate: 44_100 } })).toBe(true);
    for (const audio of [
      { ...aac, codec: "mp3" },
      { ...aac, profile: "HE-AAC" },
      { ...aac, channels: 6 },
      { ...aac, sampleRate: 22_050 },
      { ...aac, bitRate: 320_000 },
      { ...aac, bitRate: null },
    ]) {
      expect(copiesAudio({ audio })).toBe(false);
      const encoded = ladderArgs("/in.mp4", { ...hd, audio }, ladderFor(hd, false), "/run");
      expect(encoded.slice(encoded.indexOf("-c:a"), encoded.indexOf("-c:a") + 6)).toEqual(["-c:a", "aac", "-ac", "2", "-ar", "48000"]);
      expect(encoded[encoded.indexOf("-b:a:0") + 1]).toBe("96000");
    }
  });

  it("encodes with x264's diamond motion search on top of veryfast", () => {
    const args = ladderArgs("/in.mp4", probed, ladderFor(probed, false), "/run");
    expect(args[args.indexOf("-preset") + 1]).toBe("veryfast");
    expect(args[args.indexOf("-x264-params") + 1]).toBe("me=dia");
  });
});
