/** Real media files built in the test run: images with sharp, containers byte by byte. */
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';

/** A photo-like JPEG/PNG/GIF/WebP: a gradient with noise (so encoders behave as with real pictures) and a red
 * block in the top-left corner of the stored pixels, to see where orientation put it. */
export async function photo(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' = 'jpeg',
): Promise<Buffer> {
  const channels = 3;
  const data = Buffer.alloc(width * height * channels);
  let seed = 42;
  const rnd = (): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const red = x < width / 4 && y < height / 4;
      data[i] = red ? 255 : Math.round((x / width) * 200 + rnd() * 12);
      data[i + 1] = red ? 0 : Math.round((y / height) * 200 + rnd() * 12);
      data[i + 2] = red ? 0 : Math.round(120 + rnd() * 16);
    }
  }
  const img = sharp(data, { raw: { width, height, channels } });
  switch (format) {
    case 'jpeg':
      return img.jpeg({ quality: 90 }).toBuffer();
    case 'png':
      return img.png().toBuffer();
    case 'gif':
      return img.gif().toBuffer();
    case 'webp':
      return img.webp({ quality: 90 }).toBuffer();
    default:
      return img.tiff().toBuffer();
  }
}

/** A JPEG with EXIF (camera, exposure, description, user comment, orientation). */
export async function jpegWithExif(width: number, height: number, orientation = 1): Promise<Buffer> {
  const base = await sharp(await photo(width, height))
    .withExif({
      IFD0: {
        ImageDescription: 'A red test',
        Artist: 'Jane Doe',
        Copyright: '(c) Jane',
        Model: 'TestCam 1',
        Make: 'Loom',
      },
      IFD2: {
        FNumber: '28/10',
        ExposureTime: '1/250',
        ISOSpeedRatings: '200',
        FocalLength: '50/1',
        DateTimeDigitized: '2023:05:01 10:20:30',
        UserComment: 'hello comment',
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
  return orientation === 1
    ? base
    : sharp(base).keepExif().withMetadata({ orientation }).jpeg({ quality: 90 }).toBuffer();
}

/** IPTC IIM datasets (record 2) wrapped in a Photoshop APP13 segment, inserted after the JPEG's SOI. */
export function withIptc(jpeg: Buffer, datasets: [number, string][]): Buffer {
  const iim = Buffer.concat(
    datasets.map(([ds, value]) => {
      const v = Buffer.from(value, 'utf8');
      const head = Buffer.from([0x1c, 0x02, ds, 0, 0]);
      head.writeUInt16BE(v.length, 3);
      return Buffer.concat([head, v]);
    }),
  );
  const size = Buffer.alloc(4);
  size.writeUInt32BE(iim.length);
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0, 0]),
    size,
    iim,
    iim.length % 2 ? Buffer.from([0]) : Buffer.alloc(0),
  ]);
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffed, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, payload, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A decompression bomb: a valid PNG header announcing width×height pixels, a few hundred bytes long. */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3); // only the first row; a decoder would ask for the rest
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(row.subarray(0, Math.min(row.length, 4096)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PCM WAV of `seconds` of a 440 Hz tone. */
export function wav(seconds: number, sampleRate = 44100, channels = 2, bits = 16): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const blockAlign = (channels * bits) / 8;
  const data = Buffer.alloc(frames * blockAlign);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12000);
    for (let c = 0; c < channels; c++) data.writeInt16LE(v, i * blockAlign + c * 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * blockAlign, 28);
  h.writeUInt16LE(blockAlign, 32);
  h.writeUInt16LE(bits, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** MPEG-1 Layer III frames, 128 kbit/s, 44.1 kHz, stereo (silence): `frames` × 1152 samples. */
export function mp3(frames: number): Buffer {
  const frameLen = Math.floor((144 * 128000) / 44100); // 417
  const frame = Buffer.alloc(frameLen);
  frame.writeUInt32BE(0xfffb9064, 0);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A minimal MP4 (ftyp, moov with mvhd and one video track's tkhd/mdhd/hdlr), `seconds` long, width×height. */
export function mp4(width: number, height: number, seconds: number): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  );
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(seconds * 1000, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate
  mvhd.writeUInt16BE(0x0100, 24); // volume
  mvhd.writeUInt32BE(0x00010000, 36); // matrix
  mvhd.writeUInt32BE(0x00010000, 52);
  mvhd.writeUInt32BE(0x40000000, 68);
  mvhd.writeUInt32BE(2, 96); // next track id
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(0x00000003, 0); // version 0, flags enabled|in movie
  tkhd.writeUInt32BE(1, 12); // track id
  tkhd.writeUInt32BE(seconds * 1000, 20); // duration
  tkhd.writeUInt32BE(0x00010000, 40); // matrix
  tkhd.writeUInt32BE(0x00010000, 56);
  tkhd.writeUInt32BE(0x40000000, 72);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  const mdhd = Buffer.alloc(24);
  mdhd.writeUInt32BE(1000, 12);
  mdhd.writeUInt32BE(seconds * 1000, 16);
  mdhd.writeUInt16BE(0x55c4, 20); // language 'und'
  const hdlr = Buffer.concat([
    Buffer.alloc(8),
    Buffer.from('vide', 'latin1'),
    Buffer.alloc(12),
    Buffer.from('VideoHandler\0', 'latin1'),
  ]);
  // One AVC sample entry (VisualSampleEntry) and empty sample tables, as every real MP4 track has.
  const avc1 = Buffer.alloc(78);
  avc1.writeUInt16BE(1, 6); // data reference index
  avc1.writeUInt16BE(width, 24);
  avc1.writeUInt16BE(height, 26);
  avc1.writeUInt32BE(0x00480000, 28);
  avc1.writeUInt32BE(0x00480000, 32);
  avc1.writeUInt16BE(1, 40); // frame count
  avc1.writeUInt16BE(0x18, 74); // depth
  avc1.writeInt16BE(-1, 76);
  const stsd = Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), box('avc1', avc1)]);
  const empty = (n: number): Buffer => Buffer.alloc(n);
  const stbl = box(
    'stbl',
    box('stsd', stsd),
    box('stts', empty(8)),
    box('stsc', empty(8)),
    box('stsz', empty(12)),
    box('stco', empty(8)),
  );
  const minf = box('minf', box('vmhd', Buffer.from([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0])), stbl);
  const trak = box('trak', box('tkhd', tkhd), box('mdia', box('mdhd', mdhd), box('hdlr', hdlr), minf));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd), trak), box('mdat', Buffer.alloc(16))]);
}

/** A stored (uncompressed) ZIP of the given entries: enough for sniffers that read entry names. */
export function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const n = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export const docx = (): Buffer =>
  zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>',
    ],
    ['_rels/.rels', '<?xml version="1.0"?><Relationships/>'],
    ['word/document.xml', '<?xml version="1.0"?><w:document/>'],
  ]);

/** A 2×2 24-bit BMP. */
export function bmp(): Buffer {
  const b = Buffer.alloc(54 + 16);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(2, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(16, 34);
  return b;
}

/** A one-image ICO wrapping a 16×16 PNG. */
export async function ico(): Promise<Buffer> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#0a0' } })
    .png()
    .toBuffer();
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head[6] = 16;
  head[7] = 16;
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, png]);
}

/** The ISO-BMFF brand box of a HEIC file (what sniffers read). */
export const heic = (): Buffer =>
  Buffer.concat([
    box('ftyp', Buffer.from('heic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1')),
    Buffer.alloc(64),
  ]);

export const pdf = (): Buffer =>
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** An ID3v2.3 tag with text frames (title, artist, album, year, genre), to put before MPEG frames. */
export function id3(tags: Record<'TIT2' | 'TPE1' | 'TALB' | 'TYER' | 'TCON', string>): Buffer {
  const frames = Buffer.concat(
    Object.entries(tags).map(([id, value]) => {
      const body = Buffer.concat([Buffer.from([0]), Buffer.from(value, 'latin1')]);
      const head = Buffer.alloc(10);
      head.write(id, 0, 'latin1');
      head.writeUInt32BE(body.length, 4);
      return Buffer.concat([head, body]);
    }),
  );
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  const n = frames.length;
  header[6] = (n >> 21) & 0x7f;
  header[7] = (n >> 14) & 0x7f;
  header[8] = (n >> 7) & 0x7f;
  header[9] = n & 0x7f;
  return Buffer.concat([header, frames]);
}

/** A FLAC stream header (STREAMINFO only): `seconds` of 44.1 kHz, 16-bit stereo. */
export function flac(seconds: number): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  const rate = 44100;
  const total = BigInt(Math.round(seconds * rate));
  // 20 bits rate, 3 bits channels-1, 5 bits bps-1, 36 bits total samples.
  const packed = (BigInt(rate) << 44n) | (1n << 41n) | (15n << 36n) | total;
  info.writeBigUInt64BE(packed, 10);
  const head = Buffer.from([0x80, 0, 0, 34]); // last metadata block, STREAMINFO, length 34
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), head, info]);
}
