import { crc32, deflateSync } from "node:zlib";

/**
 * Small, real media files for the demo account, made in code (no binary in the repository): a
 * PCM WAV tone that players play and music-metadata measures, and a PNG that browsers show.
 */

/**
 * A mono 16-bit PCM WAV: `notes` (Hz) one after another, each `secondsEach` long, softened at both
 * ends so that it does not click.
 *
 * @example
 * toneWav([660, 880], 0.5); // a one-second two-note chime, 22 050 Hz
 */
export function toneWav(notes: number[], secondsEach: number, rate = 22_050): Buffer {
  const perNote = Math.round(secondsEach * rate);
  const samples = perNote * notes.length;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "latin1");
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28); // bytes a second
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits a sample
  wav.write("data", 36, "latin1");
  wav.writeUInt32LE(samples * 2, 40);
  const fade = Math.min(perNote / 2, rate / 50); // 20 ms
  notes.forEach((hz, note) => {
    for (let i = 0; i < perNote; i++) {
      const envelope = Math.min(1, i / fade, (perNote - i) / fade);
      const value = Math.sin((2 * Math.PI * hz * i) / rate) * envelope * 0.4;
      wav.writeInt16LE(Math.round(value * 32767), 44 + (note * perNote + i) * 2);
    }
  });
  return wav;
}

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * An 8-bit RGB PNG of `width` × `height`, each pixel from `paint(x, y)` → `[r, g, b]`.
 *
 * @example
 * png(2, 1, (x) => (x === 0 ? [255, 0, 0] : [0, 0, 255])); // a red and a blue pixel
 */
export function png(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with its filter type, 0 (none)
    for (let x = 0; x < width; x++) rows.set(paint(x, y), row + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A diagonal two-colour gradient with a light band across the middle: a cover placeholder. */
export function coverPng(width: number, height: number, from: number[], to: number[]): Buffer {
  return png(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const band = Math.abs(y - height / 2) < height / 12 ? 40 : 0;
    const mix = (i: number) => Math.min(255, Math.round(from[i]! + (to[i]! - from[i]!) * t) + band);
    return [mix(0), mix(1), mix(2)];
  });
}
