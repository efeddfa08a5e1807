import sharp from 'sharp';
import {
  createMissingSizes,
  DEFAULT_IMAGE_SIZES,
  imageFileMatchesMeta,
  MediaError,
  mediaDetails,
  missingImageSizes,
  processImage,
  type OutputFile,
  type ProcessedImage,
} from '../src';
import { jpegWithExif, photo, pngBomb, withIptc } from './fixtures';

const url = (f: string): string => `http://loom.test/uploads/${f}`;
const byFile = (r: ProcessedImage): Map<string, OutputFile> => new Map(r.files.map((f) => [f.file, f]));

/** The stored file's real size and format, read back with sharp. */
async function probe(bytes: Buffer): Promise<{ width: number; height: number; format: string }> {
  const m = await sharp(bytes).metadata();
  return { width: m.width as number, height: m.height as number, format: m.format as string };
}

/** Colour of one pixel of an encoded image. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

async function expectMediaError(p: Promise<unknown>, code: string, status: number): Promise<MediaError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MediaError);
  expect((err as MediaError).code).toBe(code);
  expect((err as MediaError).status).toBe(status);
  return err as MediaError;
}

describe('processImage: WordPress 6.4 sub-sizes with sharp', () => {
  it('makes the sizes an 800×600 JPEG can have, in WordPress order, each a real file (sample 59)', async () => {
    const bytes = await photo(800, 600);
    const r = await processImage(bytes, { file: '2026/11/sample-photo.jpg', mime: 'image/jpeg' });
    const m = r.metadata;
    expect(m).toMatchObject({ width: 800, height: 600, file: '2026/11/sample-photo.jpg', filesize: bytes.length });
    expect(m.original_image).toBeUndefined();
    expect(Object.keys(m.sizes)).toEqual(['medium', 'thumbnail', 'medium_large']);
    expect(m.sizes.medium).toMatchObject({
      file: 'sample-photo-300x225.jpg',
      width: 300,
      height: 225,
      mime_type: 'image/jpeg',
    });
    expect(m.sizes.thumbnail).toMatchObject({ file: 'sample-photo-150x150.jpg', width: 150, height: 150 });
    expect(m.sizes.medium_large).toMatchObject({ file: 'sample-photo-768x576.jpg', width: 768, height: 576 });
    const files = byFile(r);
    for (const s of Object.values(m.sizes)) {
      const f = files.get(`2026/11/${s.file}`) as OutputFile;
      expect(f.mime).toBe('image/jpeg');
      expect(f.bytes.length).toBe(s.filesize);
      expect(await probe(f.bytes)).toEqual({ width: s.width, height: s.height, format: 'jpeg' });
    }
    // The thumbnail is WordPress's centre crop (x 100–700 of the original): the red top-left block shows in its corner.
    const thumb = files.get('2026/11/sample-photo-150x150.jpg') as OutputFile;
    expect((await pixel(thumb.bytes, 5, 5))[0]).toBeGreaterThan(200);
    expect((await pixel(thumb.bytes, 30, 5))[0]).toBeLessThan(200);
    expect((await pixel(thumb.bytes, 5, 42))[0]).toBeLessThan(200);
    expect(m.image_meta).toEqual({
      aperture: '0',
      credit: '',
      camera: '',
      caption: '',
      created_timestamp: '0',
      copyright: '',
      focal_length: '0',
      iso: '0',
      shutter_speed: '0',
      title: '',
      orientation: '0',
      keywords: [],
    });
    expect(files.has('2026/11/sample-photo.jpg')).toBe(false); // the upload itself is the caller's to store
  });

  it('adds a WebP copy of each size where it is smaller, in sources (Performance Lab shape)', async () => {
    const r = await processImage(await photo(800, 600), { file: '2026/11/p.jpg', mime: 'image/jpeg' });
    const files = byFile(r);
    const medium = r.metadata.sizes.medium;
    expect(medium.sources).toBeDefined();
    const sources = medium.sources as NonNullable<typeof medium.sources>;
    expect(Object.keys(sources)).toEqual(['image/jpeg', 'image/webp']);
    expect(sources['image/jpeg']).toEqual({ file: 'p-300x225.jpg', filesize: medium.filesize });
    expect(sources['image/webp'].file).toBe('p-300x225-jpg.webp');
    expect(sources['image/webp'].filesize).toBeLessThan(medium.filesize);
    const webp = files.get('2026/11/p-300x225-jpg.webp') as OutputFile;
    expect(webp.mime).toBe('image/webp');
    expect(await probe(webp.bytes)).toEqual({ width: 300, height: 225, format: 'webp' });
    expect(r.metadata.sources?.['image/webp'].file).toBe('p-jpg.webp');
    const off = await processImage(await photo(800, 600), { file: '2026/11/p.jpg', mime: 'image/jpeg', webp: false });
    expect(off.metadata.sizes.medium.sources).toBeUndefined();
    expect(off.metadata.sources).toBeUndefined();
    expect(off.files.some((f) => f.mime === 'image/webp')).toBe(false);
  });

  it('makes a -scaled copy of a 3000×2000 JPEG as the attached file, sizes from the original', async () => {
    const bytes = await photo(3000, 2000);
    const r = await processImage(bytes, { file: '2024/05/big.jpg', mime: 'image/jpeg' });
    const m = r.metadata;
    expect(m).toMatchObject({ width: 2560, height: 1707, file: '2024/05/big-scaled.jpg', original_image: 'big.jpg' });
    const scaled = byFile(r).get('2024/05/big-scaled.jpg') as OutputFile;
    expect(m.filesize).toBe(scaled.bytes.length);
    expect(await probe(scaled.bytes)).toEqual({ width: 2560, height: 1707, format: 'jpeg' });
    expect(Object.keys(m.sizes)).toEqual(['medium', 'large', 'thumbnail', 'medium_large', '1536x1536', '2048x2048']);
    expect(m.sizes['2048x2048']).toMatchObject({ file: 'big-2048x1365.jpg', width: 2048, height: 1365 });
    expect(m.sizes['1536x1536']).toMatchObject({ file: 'big-1536x1024.jpg' });
    expect(m.sizes.large).toMatchObject({ file: 'big-1024x683.jpg' });
    expect(m.sizes.medium).toMatchObject({ file: 'big-300x200.jpg' });
    expect(missingImageSizes(m)).toEqual([]);
    const details = mediaDetails(m, 'image/jpeg', url) as { sizes: Record<string, Record<string, unknown>> };
    const { sources: fullSources, ...full } = details.sizes.full;
    expect(full).toEqual({
      file: 'big-scaled.jpg',
      width: 2560,
      height: 1707,
      mime_type: 'image/jpeg',
      source_url: url('2024/05/big-scaled.jpg'),
    });
    // A noisy photo's WebP copy may be larger than its JPEG: then it is neither listed nor stored.
    const webpCopy = byFile(r).get('2024/05/big-scaled-jpg.webp');
    if (m.sources) {
      expect(fullSources).toEqual({
        'image/jpeg': { file: 'big-scaled.jpg', filesize: m.filesize, source_url: url('2024/05/big-scaled.jpg') },
        'image/webp': {
          file: 'big-scaled-jpg.webp',
          filesize: webpCopy?.bytes.length,
          source_url: url('2024/05/big-scaled-jpg.webp'),
        },
      });
    } else {
      expect(fullSources).toBeUndefined();
      expect(webpCopy).toBeUndefined();
    }
    expect(imageFileMatchesMeta(url('2024/05/big.jpg'), m)).toBe(true);
    expect(imageFileMatchesMeta(url('2024/05/big-scaled.jpg?ver=2'), m)).toBe(true);
    expect(imageFileMatchesMeta(url('2024/05/big-300x200.jpg'), m)).toBe(true);
    expect(imageFileMatchesMeta(url('2024/05/other.jpg'), m)).toBe(false);
    expect(imageFileMatchesMeta(url('2024/06/big-300x200.jpg'), m)).toBe(false);
  }, 60000);

  it('never scales a PNG, and a threshold of false turns scaling off', async () => {
    const png = await processImage(await photo(2600, 300, 'png'), {
      file: '2024/05/wide.png',
      mime: 'image/png',
      sizes: { thumbnail: DEFAULT_IMAGE_SIZES.thumbnail },
    });
    expect(png.metadata).toMatchObject({ width: 2600, height: 300, file: '2024/05/wide.png' });
    expect(png.metadata.original_image).toBeUndefined();
    const jpeg = await processImage(await photo(2600, 300), {
      file: 'w.jpg',
      mime: 'image/jpeg',
      bigImageThreshold: false,
      sizes: {},
    });
    expect(jpeg.metadata).toMatchObject({ width: 2600, file: 'w.jpg' });
  });

  it('makes no sub-size of a 100×80 image, and media_details answers sizes {} without full', async () => {
    const bytes = await photo(100, 80, 'png');
    const r = await processImage(bytes, { file: '2024/05/small.png', mime: 'image/png' });
    expect(r.metadata.sizes).toEqual({});
    expect(r.files.filter((f) => f.mime === 'image/png')).toEqual([]);
    expect(missingImageSizes(r.metadata)).toEqual([]);
    const details = mediaDetails(r.metadata, 'image/png', url) as Record<string, unknown>;
    expect(details.sizes).toEqual({});
    expect(details).toMatchObject({ width: 100, height: 80, file: '2024/05/small.png', filesize: bytes.length });
  });

  it('crops a wide image’s thumbnail to 150×150 and keeps a short side that is smaller (150×100)', async () => {
    const r = await processImage(await photo(400, 100, 'png'), { file: 'strip.png', mime: 'image/png', webp: false });
    expect(r.metadata.sizes.thumbnail).toMatchObject({ file: 'strip-150x100.png', width: 150, height: 100 });
    expect(r.metadata.sizes.medium).toMatchObject({ file: 'strip-300x75.png', width: 300, height: 75 });
  });

  it('handles GIF and WebP in their own format (no WebP copies of them)', async () => {
    const gif = await processImage(await photo(400, 300, 'gif'), { file: 'a/anim.gif', mime: 'image/gif' });
    expect(gif.metadata.sizes.medium).toMatchObject({ file: 'anim-300x225.gif', mime_type: 'image/gif' });
    expect(gif.metadata.sizes.medium.sources).toBeUndefined();
    expect((await probe(byFile(gif).get('a/anim-300x225.gif')?.bytes as Buffer)).format).toBe('gif');
    const webp = await processImage(await photo(400, 300, 'webp'), { file: 'a/m.webp', mime: 'image/webp' });
    expect(webp.metadata.sizes.thumbnail).toMatchObject({ file: 'm-150x150.webp', mime_type: 'image/webp' });
    expect(webp.files.every((f) => f.mime === 'image/webp')).toBe(true);
    expect(webp.files).toHaveLength(2);
  });

  it('applies EXIF orientation 6: a -rotated attached file, upright sizes, orientation 1', async () => {
    const bytes = await jpegWithExif(400, 300, 6);
    const r = await processImage(bytes, { file: '2024/05/phone.jpg', mime: 'image/jpeg' });
    const m = r.metadata;
    expect(m).toMatchObject({
      width: 300,
      height: 400,
      file: '2024/05/phone-rotated.jpg',
      original_image: 'phone.jpg',
    });
    expect(m.image_meta.orientation).toBe(1);
    const rotated = byFile(r).get('2024/05/phone-rotated.jpg') as OutputFile;
    expect(await probe(rotated.bytes)).toEqual({ width: 300, height: 400, format: 'jpeg' });
    // The red block, top-left in the stored pixels, is top-right once turned 90° clockwise.
    const [red] = await pixel(rotated.bytes, 290, 10);
    const [notRed] = await pixel(rotated.bytes, 10, 10);
    expect(red).toBeGreaterThan(200);
    expect(notRed).toBeLessThan(200);
    expect(m.sizes.medium).toMatchObject({ file: 'phone-225x300.jpg', width: 225, height: 300 });
    const medium = byFile(r).get('2024/05/phone-225x300.jpg') as OutputFile;
    expect((await pixel(medium.bytes, 215, 8))[0]).toBeGreaterThan(200);
    expect((await sharp(medium.bytes).metadata()).orientation).toBeUndefined();
  });

  it('reads image_meta from EXIF with WordPress’s keys and string values', async () => {
    const r = await processImage(await jpegWithExif(200, 150), { file: 'e.jpg', mime: 'image/jpeg' });
    expect(r.metadata.image_meta).toEqual({
      aperture: '2.8',
      credit: 'Jane Doe',
      camera: 'TestCam 1',
      caption: 'hello comment',
      created_timestamp: String(Date.UTC(2023, 4, 1, 10, 20, 30) / 1000),
      copyright: '(c) Jane',
      focal_length: '50',
      iso: '200',
      shutter_speed: '0.004',
      title: 'A red test',
      orientation: '1',
      keywords: [],
    });
  });

  it('reads IPTC first (headline, caption, byline, date, copyright, keywords), EXIF fills the rest', async () => {
    const bytes = withIptc(await jpegWithExif(200, 150), [
      [105, 'Sunset headline'],
      [120, 'A caption from IPTC & <b>friends</b>'],
      [80, 'Jane Byline'],
      [116, 'IPTC copyright'],
      [25, 'sun'],
      [25, 'sea'],
      [55, '20230501'],
      [60, '102030+0200'],
    ]);
    const r = await processImage(bytes, { file: 'i.jpg', mime: 'image/jpeg' });
    expect(r.metadata.image_meta).toMatchObject({
      title: 'Sunset headline',
      caption: 'A caption from IPTC &amp; friends',
      credit: 'Jane Byline',
      copyright: 'IPTC copyright',
      keywords: ['sun', 'sea'],
      created_timestamp: String(Date.UTC(2023, 4, 1, 8, 20, 30) / 1000),
      camera: 'TestCam 1',
      iso: '200',
    });
  });

  it('ignores EXIF in PNG and WebP, as WordPress reads it only from JPEG and TIFF', async () => {
    const png = await sharp(await photo(60, 40, 'png'))
      .withExif({ IFD0: { Model: 'PngCam', ImageDescription: 'png title' } })
      .png()
      .toBuffer();
    const r = await processImage(png, { file: 'x.png', mime: 'image/png' });
    expect(r.metadata.image_meta.camera).toBe('');
    expect(r.metadata.image_meta.title).toBe('');
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const err = await expectMediaError(
      processImage(bomb, { file: 'bomb.png', mime: 'image/png' }),
      'rest_upload_image_too_large',
      400,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(err.toJSON()).toEqual({
      code: 'rest_upload_image_too_large',
      message: expect.stringContaining('100000000'),
      data: { status: 400 },
    });
    await expectMediaError(
      processImage(await photo(100, 100), { file: 'x.jpg', mime: 'image/jpeg', maxPixels: 5000 }),
      'rest_upload_image_too_large',
      400,
    );
  });

  it('answers a corrupt image with invalid_image 400', async () => {
    const corrupt = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('not really a jpeg at all, just words'),
    ]);
    const err = await expectMediaError(
      processImage(corrupt, { file: 'bad.jpg', mime: 'image/jpeg' }),
      'invalid_image',
      400,
    );
    expect(err.message).toBe('File is not an image.');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><rect width="500" height="500"/></svg>',
    );
    await expectMediaError(processImage(svg, { file: 's.jpg', mime: 'image/jpeg' }), 'invalid_image', 400);
    await expectMediaError(
      processImage(await photo(50, 50, 'png'), { file: 'p.jpg', mime: 'image/jpeg' }),
      'invalid_image',
      400,
    );
    const truncated = (await photo(400, 300)).subarray(0, 600);
    await expectMediaError(processImage(truncated, { file: 't.jpg', mime: 'image/jpeg' }), 'invalid_image', 400);
  });

  it('records BMP/ICO size without sub-sizes and refuses other types', async () => {
    const { bmp } = await import('./fixtures');
    const r = await processImage(bmp(), { file: 'b.bmp', mime: 'image/bmp' });
    expect(r.metadata).toMatchObject({ width: 2, height: 2, sizes: {} });
    expect(r.files).toEqual([]);
    await expectMediaError(
      processImage(Buffer.from('x'), { file: 'x.heic', mime: 'image/heic' }),
      'rest_unknown_image_file_type',
      500,
    );
  });
});

describe('missing sizes and post-process create-image-subsizes', () => {
  it('lists the sizes an image could have and lacks, then makes them', async () => {
    const bytes = await photo(800, 600);
    const first = await processImage(bytes, {
      file: '2024/05/p.jpg',
      mime: 'image/jpeg',
      sizes: { thumbnail: DEFAULT_IMAGE_SIZES.thumbnail },
    });
    expect(Object.keys(first.metadata.sizes)).toEqual(['thumbnail']);
    expect(missingImageSizes(first.metadata)).toEqual(['medium', 'medium_large']);
    const done = await createMissingSizes(bytes, first.metadata, { mime: 'image/jpeg' });
    expect(Object.keys(done.metadata.sizes)).toEqual(['thumbnail', 'medium', 'medium_large']);
    expect(
      done.files
        .map((f) => f.file)
        .filter((f) => f.endsWith('.jpg'))
        .sort(),
    ).toEqual(['2024/05/p-300x225.jpg', '2024/05/p-768x576.jpg']);
    expect(missingImageSizes(done.metadata)).toEqual([]);
    const again = await createMissingSizes(bytes, done.metadata, { mime: 'image/jpeg' });
    expect(again.files).toEqual([]);
    expect(again.metadata).toEqual(done.metadata);
  });

  it('names the sizes of a scaled image after its original', async () => {
    const bytes = await photo(2700, 1800);
    const first = await processImage(bytes, { file: '2024/05/wide.jpg', mime: 'image/jpeg', sizes: {}, webp: false });
    expect(first.metadata.file).toBe('2024/05/wide-scaled.jpg');
    const done = await createMissingSizes(bytes, first.metadata, {
      mime: 'image/jpeg',
      sizes: { medium: DEFAULT_IMAGE_SIZES.medium },
      webp: false,
    });
    expect(done.metadata.sizes.medium.file).toBe('wide-300x200.jpg');
    expect(done.files.map((f) => f.file)).toEqual(['2024/05/wide-300x200.jpg']);
  }, 30000);
});

describe('mediaDetails', () => {
  it('answers {} without metadata and sizes {} for audio/other files', () => {
    expect(mediaDetails(null, 'image/jpeg', url)).toEqual({});
    expect(mediaDetails({} as never, 'image/jpeg', url)).toEqual({});
    expect(mediaDetails({ filesize: 10 }, 'application/pdf', url)).toEqual({ filesize: 10, sizes: {} });
    expect(mediaDetails({ length: 3, filesize: 10, mime_type: 'audio/wav' }, 'audio/wav', url)).toEqual({
      length: 3,
      filesize: 10,
      mime_type: 'audio/wav',
      sizes: {},
    });
  });

  it('gives every size its source_url and adds full (sample 59 shape)', async () => {
    const r = await processImage(await photo(800, 600), {
      file: '2026/11/sample-photo.jpg',
      mime: 'image/jpeg',
      webp: false,
    });
    const d = mediaDetails(r.metadata, 'image/jpeg', url) as Record<string, unknown> & {
      sizes: Record<string, unknown>;
    };
    expect(Object.keys(d)).toEqual(['width', 'height', 'file', 'filesize', 'sizes', 'image_meta']);
    expect(Object.keys(d.sizes)).toEqual(['medium', 'thumbnail', 'medium_large', 'full']);
    expect(d.sizes.medium).toEqual({
      file: 'sample-photo-300x225.jpg',
      width: 300,
      height: 225,
      mime_type: 'image/jpeg',
      filesize: r.metadata.sizes.medium.filesize,
      source_url: url('2026/11/sample-photo-300x225.jpg'),
    });
    expect(Object.keys(d.sizes.medium as object)).toEqual([
      'file',
      'width',
      'height',
      'filesize',
      'mime_type',
      'source_url',
    ]);
    expect(d.sizes.full).toEqual({
      file: 'sample-photo.jpg',
      width: 800,
      height: 600,
      mime_type: 'image/jpeg',
      source_url: url('2026/11/sample-photo.jpg'),
    });
    expect(r.metadata.sizes.medium).not.toHaveProperty('source_url');
  });
});
