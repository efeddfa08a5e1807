import { detectType, fileMetadata, mediaDetails, mediaMetadata } from '../src';
import { playtimeString } from '../src/av';
import { flac, id3, mp3, mp4, wav } from './fixtures';

describe('mediaMetadata: audio and video with WordPress’s keys', () => {
  it('reads a generated WAV like wp_read_audio_metadata', async () => {
    const bytes = wav(3.2);
    const m = await mediaMetadata(bytes, 'audio/wav');
    expect(m).toMatchObject({
      dataformat: 'wav',
      codec: 'Pulse Code Modulation (PCM)',
      channels: 2,
      sample_rate: 44100,
      bits_per_sample: 16,
      bitrate: 1411200,
      lossless: true,
      bitrate_mode: 'cbr',
      channelmode: 'stereo',
      fileformat: 'riff',
      filesize: bytes.length,
      mime_type: 'audio/wav',
      length: 3,
      length_formatted: '0:03',
    });
    expect(mediaDetails(m, 'audio/wav', (f) => f)).toMatchObject({ length: 3, sizes: {} });
  });

  it('reads MPEG audio frames: mp3 format, bitrate and length', async () => {
    const bytes = mp3(200); // 200 × 1152 samples at 44.1 kHz ≈ 5.2 s
    const m = await mediaMetadata(bytes, 'audio/mpeg');
    expect(m).toMatchObject({
      dataformat: 'mp3',
      fileformat: 'mp3',
      sample_rate: 44100,
      channels: 2,
      bitrate: 128000,
      lossless: false,
      mime_type: 'audio/mpeg',
      filesize: bytes.length,
    });
    expect(m.length).toBe(5);
    expect(m.length_formatted).toBe('0:05');
  });

  it('copies ID3 text frames as wp_add_id3_tag_data does', async () => {
    const bytes = Buffer.concat([
      id3({ TIT2: 'Morning <b>Song</b>', TPE1: 'The Looms', TALB: 'Warp', TYER: '2024', TCON: 'Folk' }),
      mp3(100),
    ]);
    expect(await detectType(bytes, 'song.mp3', { unfilteredHtml: false })).toMatchObject({ mime: 'audio/mpeg' });
    const m = await mediaMetadata(bytes, 'audio/mpeg');
    expect(m).toMatchObject({
      title: 'Morning Song',
      artist: 'The Looms',
      album: 'Warp',
      year: '2024',
      genre: 'Folk',
      dataformat: 'mp3',
    });
  });

  it('reads FLAC stream info', async () => {
    const bytes = flac(125);
    expect(await detectType(bytes, 'take.flac', { unfilteredHtml: false })).toMatchObject({
      mime: 'audio/flac',
      kind: 'audio',
    });
    const m = await mediaMetadata(bytes, 'audio/flac');
    expect(m).toMatchObject({
      dataformat: 'flac',
      codec: 'Free Lossless Audio Codec',
      fileformat: 'flac',
      sample_rate: 44100,
      channels: 2,
      bits_per_sample: 16,
      lossless: true,
      length: 125,
      length_formatted: '2:05',
    });
  });

  it('reads an MP4’s size, length and format like wp_read_video_metadata', async () => {
    const bytes = mp4(640, 360, 75);
    const m = await mediaMetadata(bytes, 'video/mp4');
    expect(m).toMatchObject({
      width: 640,
      height: 360,
      length: 75,
      length_formatted: '1:15',
      fileformat: 'mp4',
      dataformat: 'quicktime',
      filesize: bytes.length,
      mime_type: 'video/mp4',
    });
    expect(m).toMatchObject({ codec: 'H.264/MPEG-4 AVC', lossless: false });
    expect(m).not.toHaveProperty('audio');
    expect(m).not.toHaveProperty('channels');
  });

  it('answers what it knows for unreadable media, without throwing', async () => {
    const bytes = Buffer.from('definitely not audio');
    const m = await mediaMetadata(bytes, 'audio/mpeg');
    expect(m.filesize).toBe(bytes.length);
    expect(m.mime_type).toBe('audio/mpeg');
    expect(m.length).toBeUndefined();
  });

  it('formats play time like getID3', () => {
    expect(playtimeString(0.4)).toBe('0:00');
    expect(playtimeString(59.6)).toBe('1:00');
    expect(playtimeString(3725)).toBe('1:02:05');
  });

  it('records only the size of other files', () => {
    expect(fileMetadata(Buffer.alloc(1234))).toEqual({ filesize: 1234 });
  });
});

describe('attachmentMetadata (wp_generate_attachment_metadata)', () => {
  it('dispatches on the type: images processed, audio read, others and TIFF/HEIC only their size', async () => {
    const { attachmentMetadata } = await import('../src');
    const { photo, pdf, heic } = await import('./fixtures');
    const img = await attachmentMetadata(await photo(400, 300), { file: '2024/01/a.jpg', mime: 'image/jpeg' });
    expect(img.metadata).toMatchObject({ width: 400, height: 300, file: '2024/01/a.jpg' });
    expect(img.files.length).toBeGreaterThan(0);
    const audio = await attachmentMetadata(wav(1), { file: '2024/01/a.wav', mime: 'audio/wav' });
    expect(audio).toEqual({ metadata: expect.objectContaining({ length: 1, dataformat: 'wav' }), files: [] });
    const tiff = await photo(40, 30, 'tiff');
    expect(await attachmentMetadata(tiff, { file: 'x.tif', mime: 'image/tiff' })).toEqual({
      metadata: { filesize: tiff.length },
      files: [],
    });
    expect(await attachmentMetadata(heic(), { file: 'x.heic', mime: 'image/heic' })).toEqual({
      metadata: { filesize: heic().length },
      files: [],
    });
    expect(await attachmentMetadata(pdf(), { file: 'x.pdf', mime: 'application/pdf' })).toEqual({
      metadata: { filesize: pdf().length },
      files: [],
    });
  });
});
