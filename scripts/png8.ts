/**
 * A screenshot made small enough to commit: Chromium's PNG (8-bit RGB or RGBA, not interlaced) read,
 * its colours cut to a palette of at most 256 and written again as an indexed PNG at zlib's best level.
 * A page is mostly a few flat colours: the most frequent 256 cover about 97% of a workbench screenshot's
 * pixels, and every other colour (a glyph's anti-aliased edge) takes its nearest in the palette. No
 * dependency: node:zlib does the compression.
 */
import { deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface Rgb {
  width: number;
  height: number;
  /** Three bytes a pixel, row by row. */
  pixels: Buffer;
}

/** The pixels of an 8-bit, non-interlaced RGB, RGBA or indexed PNG (alpha dropped: a screenshot is opaque). */
export function readPng(file: Buffer): Rgb {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  let palette: Buffer | null = null;
  const data: Buffer[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colour !== 2 && colour !== 3 && colour !== 6) || interlace !== 0)
        throw new Error(`only 8-bit RGB, RGBA or indexed without interlace (depth ${depth}, colour type ${colour})`);
      channels = colour === 6 ? 4 : colour === 3 ? 1 : 3;
    }
    if (type === 'PLTE') palette = body;
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = y * (stride + 1) + 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const corner = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - corner;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
      }
      rows[y * stride + x] = (raw[line + x]! + predicted) & 0xff;
    }
  }
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0, o = 0; i < rows.length; i += channels, o += 3) {
    if (channels === 1) palette!.copy(pixels, o, rows[i]! * 3, rows[i]! * 3 + 3);
    else rows.copy(pixels, o, i, i + 3);
  }
  return { width, height, pixels };
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The image as an indexed PNG: the `size` most frequent colours, every other one as its nearest. */
export function writePng8({ width, height, pixels }: Rgb, size = 256): Buffer {
  const key = (i: number) => (pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!;
  const counts = new Map<number, number>();
  for (let i = 0; i < pixels.length; i += 3) counts.set(key(i), (counts.get(key(i)) ?? 0) + 1);
  const palette = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, size)
    .map(([colour]) => colour);
  const index = new Map(palette.map((colour, i) => [colour, i]));
  const nearest = (colour: number) => {
    let best = 0;
    let bestDistance = Infinity;
    palette.forEach((p, i) => {
      const [dr, dg, db] = [
        (p >> 16) - (colour >> 16),
        ((p >> 8) & 255) - ((colour >> 8) & 255),
        (p & 255) - (colour & 255),
      ];
      // Weighted as the eye weighs the channels (green most, blue least).
      const distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    });
    index.set(colour, best);
    return best;
  };
  const raw = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = key((y * width + x) * 3);
      raw[y * (width + 1) + 1 + x] = index.get(colour) ?? nearest(colour);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // indexed colour
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((colour, i) => plte.writeUIntBE(colour, i * 3, 3));
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
