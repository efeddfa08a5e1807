import { allowedMimeTypes, detectType } from '../src';
import { bmp, docx, heic, ico, mp3, mp4, pdf, photo, wav, zip } from './fixtures';

const plain = { unfilteredHtml: false };
const trusted = { unfilteredHtml: true };
const text = (s: string): Buffer => Buffer.from(s, 'utf8');

describe('detectType: the real type from the bytes, against WordPress 6.4 allowed types', () => {
  it.each([
    ['jpeg', 'photo.jpg', 'jpg', 'image/jpeg'],
    ['png', 'graphic.png', 'png', 'image/png'],
    ['gif', 'anim.gif', 'gif', 'image/gif'],
    ['webp', 'modern.webp', 'webp', 'image/webp'],
    ['tiff', 'scan.tiff', 'tiff', 'image/tiff'],
  ] as const)('accepts a %s image', async (format, name, ext, mime) => {
    const t = await detectType(await photo(40, 30, format), name, plain);
    expect(t).toEqual({ ext, mime, mediaType: 'image', kind: 'image', fileName: name });
  });

  it('accepts bmp, ico and heic as images', async () => {
    expect(await detectType(bmp(), 'b.bmp', plain)).toMatchObject({ mime: 'image/bmp', mediaType: 'image' });
    expect(await detectType(await ico(), 'favicon.ico', plain)).toMatchObject({
      mime: 'image/x-icon',
      mediaType: 'image',
    });
    expect(await detectType(heic(), 'IMG_1.heic', plain)).toMatchObject({
      mime: 'image/heic',
      ext: 'heic',
      mediaType: 'image',
    });
  });

  it('renames an image whose name lies about its type (PNG bytes called .jpg)', async () => {
    const t = await detectType(await photo(40, 30, 'png'), 'holiday.JPG', plain);
    expect(t).toEqual({ ext: 'png', mime: 'image/png', mediaType: 'image', kind: 'image', fileName: 'holiday.png' });
    expect(await detectType(await photo(40, 30, 'jpeg'), 'x.gif', plain)).toMatchObject({
      ext: 'jpg',
      mime: 'image/jpeg',
      fileName: 'x.jpg',
    });
  });

  it('refuses image bytes under a non-image name and non-image bytes under an image name', async () => {
    expect(await detectType(await photo(40, 30, 'png'), 'report.pdf', plain)).toBeNull();
    expect(await detectType(pdf(), 'picture.jpg', plain)).toBeNull();
    expect(await detectType(text('just text'), 'picture.png', plain)).toBeNull();
    expect(await detectType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), 'broken.jpg', plain)).toMatchObject({
      mime: 'image/jpeg',
    });
  });

  it('accepts audio and video when the major type matches, keeping the name’s type', async () => {
    expect(await detectType(wav(0.1), 'tone.wav', plain)).toEqual({
      ext: 'wav',
      mime: 'audio/wav',
      mediaType: 'file',
      kind: 'audio',
      fileName: 'tone.wav',
    });
    expect(await detectType(mp3(10), 'song.mp3', plain)).toMatchObject({
      mime: 'audio/mpeg',
      kind: 'audio',
      mediaType: 'file',
    });
    expect(await detectType(mp4(320, 240, 2), 'clip.mp4', plain)).toMatchObject({
      mime: 'video/mp4',
      kind: 'video',
      mediaType: 'file',
    });
    // WordPress forgives .mov for an MP4: only the major type must match.
    expect(await detectType(mp4(320, 240, 2), 'clip.mov', plain)).toMatchObject({
      ext: 'mov',
      mime: 'video/quicktime',
    });
    expect(await detectType(wav(0.1), 'tone.mp4', plain)).toBeNull();
    expect(await detectType(mp4(320, 240, 2), 'clip.mp3', plain)).toBeNull();
  });

  it('accepts pdf and office documents (zips decided by name), refuses a zip under a text name', async () => {
    expect(await detectType(pdf(), 'Report 2024.pdf', plain)).toEqual({
      ext: 'pdf',
      mime: 'application/pdf',
      mediaType: 'file',
      kind: 'application',
      fileName: 'Report-2024.pdf',
    });
    expect(await detectType(docx(), 'letter.docx', plain)).toMatchObject({
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      kind: 'application',
    });
    const plainZip = zip([['a.txt', 'hello']]);
    expect(await detectType(plainZip, 'sheet.xlsx', plain)).toMatchObject({
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(await detectType(plainZip, 'bundle.zip', plain)).toMatchObject({ mime: 'application/zip' });
    expect(await detectType(plainZip, 'notes.txt', plain)).toBeNull();
  });

  it.each([
    ['notes.txt', 'text/plain', 'hello world\n'],
    ['data.csv', 'text/csv', 'a,b\n1,2\n'],
    ['data.tsv', 'text/tab-separated-values', 'a\tb\n'],
    ['cal.ics', 'text/calendar', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n'],
    ['subs.vtt', 'text/vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n'],
    ['style.css', 'text/css', 'body { color: red; }\n'],
    ['rich.rtx', 'text/richtext', 'plain rich text'],
  ])('accepts text %s by name when the bytes are text', async (name, mime, body) => {
    expect(await detectType(text(body), name, plain)).toMatchObject({
      mime,
      kind: 'text',
      mediaType: 'file',
      fileName: name,
    });
  });

  it('decides a large text file from its head', async () => {
    const big = Buffer.from('a,b,caf\u00e9\n'.repeat(200_000), 'utf8');
    expect(big.length).toBeGreaterThan(1 << 20);
    expect(await detectType(big, 'big.csv', plain)).toMatchObject({ mime: 'text/csv' });
  });

  it('refuses binary bytes under a text name', async () => {
    expect(await detectType(Buffer.from([0, 1, 2, 3, 0, 0, 9]), 'notes.txt', plain)).toBeNull();
  });

  it('accepts html and js only with unfiltered_html', async () => {
    const html = text('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const js = text('console.log("hi");\n');
    expect(await detectType(html, 'page.html', plain)).toBeNull();
    expect(await detectType(js, 'app.js', plain)).toBeNull();
    expect(await detectType(html, 'page.html', trusted)).toMatchObject({ mime: 'text/html', ext: 'html' });
    expect(await detectType(js, 'app.js', trusted)).toMatchObject({
      mime: 'application/javascript',
      kind: 'application',
    });
    // HTML text under a harmless name is still HTML.
    expect(await detectType(html, 'page.txt', trusted)).toBeNull();
    expect(await detectType(text('<p>hi</p><iframe src=x>'), 'notes.csv', trusted)).toBeNull();
  });

  it('never accepts svg, php, executables or unknown extensions', async () => {
    const svg = text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await detectType(svg, 'logo.svg', trusted)).toBeNull();
    expect(await detectType(svg, 'logo.txt', trusted)).toBeNull();
    expect(await detectType(svg, 'logo.html', trusted)).toBeNull();
    expect(await detectType(text('<?php echo 1;'), 'shell.php', trusted)).toBeNull();
    expect(await detectType(text('<?php echo 1;'), 'shell.txt', trusted)).toBeNull();
    expect(await detectType(text('#!/bin/sh\nrm -rf /\n'), 'run.txt', trusted)).toBeNull();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);
    exe.writeUInt32LE(64, 60);
    expect(await detectType(exe, 'setup.exe', trusted)).toBeNull();
    expect(await detectType(exe, 'setup.pdf', trusted)).toBeNull();
    expect(await detectType(text('hello'), 'noextension', plain)).toBeNull();
    expect(await detectType(Buffer.alloc(0), 'empty.txt', plain)).toBeNull();
  });

  it('lists get_allowed_mime_types without swf/exe, and html/js only when trusted', () => {
    const a = allowedMimeTypes(plain);
    expect(a['jpg|jpeg|jpe']).toBe('image/jpeg');
    expect(a['webp']).toBe('image/webp');
    expect(a['heic']).toBe('image/heic');
    expect(a['exe']).toBeUndefined();
    expect(a['swf']).toBeUndefined();
    expect(a['htm|html']).toBeUndefined();
    expect(a['js']).toBeUndefined();
    expect(Object.values(a)).not.toContain('image/svg+xml');
    expect(allowedMimeTypes(trusted)['htm|html']).toBe('text/html');
    expect(Object.getPrototypeOf(a)).toBeNull();
  });
});
