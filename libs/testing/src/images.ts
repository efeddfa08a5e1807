/** Images made in the test: real ones by sharp, and a PNG that only claims to be large. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG (or another format) of the given size with some detail (so sizes and WebP copies differ from flat fills). */
export async function image(
  width: number,
  height: number,
  opts: { format?: 'jpeg' | 'png' | 'webp' | 'gif'; orientation?: number } = {},
): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#3a6"/>` +
      `<rect x="0" y="0" width="${Math.ceil(width / 2)}" height="${Math.ceil(height / 3)}" fill="#c33"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fe2"/></svg>`,
  );
  let s = sharp(svg);
  if (opts.orientation) s = s.withMetadata({ orientation: opts.orientation });
  const format = opts.format ?? 'jpeg';
  return s.toFormat(format).toBuffer();
}

/** A PNG whose header declares `width`×`height` pixels and holds almost nothing (a decompression bomb's shape). */
export function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
