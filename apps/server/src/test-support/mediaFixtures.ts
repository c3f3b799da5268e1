/**
 * Small, real media files for the media tests, built byte by byte so no binary fixture is
 * committed: music-metadata reads their lengths like those of files from a camera.
 */

/** A mono 8-bit PCM WAV of `seconds` seconds (`rate` samples a second) of silence. */
export function wavFile(seconds: number, rate = 8000): Uint8Array<ArrayBuffer> {
  const samples = Math.round(seconds * rate);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes a second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits a sample
  header.write("data", 36, "latin1");
  header.writeUInt32LE(samples, 40);
  return new Uint8Array(Buffer.concat([header, Buffer.alloc(samples, 128)]));
}

const box = (type: string, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
};

/**
 * An MP4 with `ftyp`, a `moov` holding only the movie header (`mvhd`: timescale 1000, the
 * length) and `mdatBytes` of media data: the smallest file whose length a player can state.
 */
export function mp4File(seconds: number, mdatBytes = 1024): Uint8Array<ArrayBuffer> {
  const mvhd = Buffer.alloc(100); // version 0
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  for (const [at, value] of [
    [36, 0x00010000],
    [52, 0x00010000],
    [68, 0x40000000],
  ] as const)
    mvhd.writeUInt32BE(value, at);
  mvhd.writeUInt32BE(2, 96); // next track id
  const ftyp = box("ftyp", Buffer.from("isom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2mp41"));
  return new Uint8Array(Buffer.concat([ftyp, box("moov", box("mvhd", mvhd)), box("mdat", Buffer.alloc(mdatBytes, 7))]));
}
