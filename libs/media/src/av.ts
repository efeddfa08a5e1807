import { parseBuffer, type IAudioMetadata } from 'music-metadata';
import type { AudioVideoMetadata, FileMetadata } from './types';

/** getID3's playtime_string: `m:ss`, or `h:mm:ss` from an hour on. */
export function playtimeString(seconds: number): string {
  const s = Math.round(Math.abs(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s - h * 3600) / 60);
  const sec = s - h * 3600 - m * 60;
  return `${seconds < 0 ? '-' : ''}${h ? `${h}:` : ''}${h ? String(m).padStart(2, '0') : m}:${String(sec).padStart(2, '0')}`;
}

/** music-metadata's container → getID3's `fileformat`. */
function fileformat(container: string): string {
  const c = container.toLowerCase();
  if (c === 'mpeg') return 'mp3';
  if (c === 'wave') return 'riff';
  if (c.startsWith('ebml/')) return c.slice(5);
  if (c.startsWith('asf')) return 'asf';
  if (/^(m4a|m4v|m4b|mp4|mp42|isom|iso\d|qt|3gp|3g2|avc1|dash|f4v)/.test(c)) return 'mp4';
  return c.split('/')[0];
}

/** music-metadata's codec → getID3's `dataformat` and `codec` (the names WordPress stores). */
function audioFormat(codec: string, container: string): { dataformat?: string; codec?: string } {
  const c = codec.toLowerCase();
  if (/mpeg 1 layer 3|mpeg 2 layer 3|mpeg 2\.5 layer 3/.test(c)) return { dataformat: 'mp3' };
  if (/layer 2/.test(c)) return { dataformat: 'mp2' };
  if (c === 'pcm' || c.startsWith('pcm'))
    return { dataformat: container.toLowerCase() === 'aiff' ? 'aiff' : 'wav', codec: 'Pulse Code Modulation (PCM)' };
  if (c === 'flac') return { dataformat: 'flac', codec: 'Free Lossless Audio Codec' };
  if (c.startsWith('vorbis')) return { dataformat: 'vorbis' };
  if (c.startsWith('opus')) return { dataformat: 'opus' };
  if (c.startsWith('mpeg-4/aac') || c === 'aac') return { dataformat: 'mp4', codec: 'ISO/IEC 14496-3 AAC' };
  if (c.startsWith('alac')) return { dataformat: 'mp4', codec: 'Apple Lossless Audio Codec' };
  return codec ? { dataformat: c.split(/[\s/]/)[0], codec } : {};
}

/** getID3's names of ISO-BMFF video sample entries. */
const ISO_VIDEO_CODECS: Readonly<Record<string, string>> = {
  avc1: 'H.264/MPEG-4 AVC',
  avc3: 'H.264/MPEG-4 AVC',
  hvc1: 'H.265/HEVC',
  hev1: 'H.265/HEVC',
  mp4v: 'MPEG-4 Visual',
  av01: 'AV1',
  vp09: 'VP9',
  vp08: 'VP8',
  s263: 'H.263',
  jpeg: 'Photo - JPEG',
};

export interface IsoInfo {
  /** Seconds, from mvhd. */
  duration?: number;
  /** Unix seconds, from mvhd (0 = unset). */
  created?: number;
  width?: number;
  height?: number;
  /** Sample entry type of the first video track (`avc1`...). */
  videoFourcc?: string;
}

/** What ISO-BMFF (MP4/MOV/3GP) boxes say about a movie: music-metadata 7 reads neither the video track's size
 * nor, without an audio track, the duration. */
export function isoInfo(bytes: Uint8Array): IsoInfo | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes = (start: number, end: number): { type: string; start: number; end: number }[] => {
    const out: { type: string; start: number; end: number }[] = [];
    let p = start;
    while (p + 8 <= end && out.length < 1000) {
      let size = b.readUInt32BE(p);
      let header = 8;
      if (size === 1 && p + 16 <= end) {
        size = Number(b.readBigUInt64BE(p + 8));
        header = 16;
      } else if (size === 0) {
        size = end - p;
      }
      if (size < header || p + size > end) break;
      out.push({ type: b.toString('latin1', p + 4, p + 8), start: p + header, end: p + size });
      p += size;
    }
    return out;
  };
  const top = boxes(0, b.length);
  if (top[0]?.type !== 'ftyp') return null;
  const moov = top.find((x) => x.type === 'moov');
  if (!moov) return null;
  const info: IsoInfo = {};
  const inMoov = boxes(moov.start, moov.end);
  const mvhd = inMoov.find((x) => x.type === 'mvhd');
  if (mvhd && mvhd.end - mvhd.start >= 20) {
    const v1 = b[mvhd.start] === 1 && mvhd.end - mvhd.start >= 32;
    const created = v1 ? Number(b.readBigUInt64BE(mvhd.start + 4)) : b.readUInt32BE(mvhd.start + 4);
    const timescale = v1 ? b.readUInt32BE(mvhd.start + 20) : b.readUInt32BE(mvhd.start + 12);
    const duration = v1 ? Number(b.readBigUInt64BE(mvhd.start + 24)) : b.readUInt32BE(mvhd.start + 16);
    if (timescale > 0 && duration > 0) info.duration = duration / timescale;
    // Seconds since 1904-01-01.
    if (created > 2082844800) info.created = created - 2082844800;
  }
  for (const trak of inMoov.filter((x) => x.type === 'trak')) {
    const children = boxes(trak.start, trak.end);
    const tkhd = children.find((x) => x.type === 'tkhd');
    const mdia = children.find((x) => x.type === 'mdia');
    const mdiaChildren = mdia ? boxes(mdia.start, mdia.end) : [];
    const hdlr = mdiaChildren.find((x) => x.type === 'hdlr');
    if (
      !tkhd ||
      !hdlr ||
      hdlr.end - hdlr.start < 12 ||
      b.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide'
    )
      continue;
    // Width and height are the last 8 bytes of tkhd, 16.16 fixed point.
    if (tkhd.end - tkhd.start >= 84) {
      const width = Math.round(b.readUInt32BE(tkhd.end - 8) / 65536);
      const height = Math.round(b.readUInt32BE(tkhd.end - 4) / 65536);
      if (width > 0 && height > 0) Object.assign(info, { width, height });
    }
    const minf = mdiaChildren.find((x) => x.type === 'minf');
    const stbl = minf && boxes(minf.start, minf.end).find((x) => x.type === 'stbl');
    const stsd = stbl && boxes(stbl.start, stbl.end).find((x) => x.type === 'stsd');
    if (stsd && stsd.end - stsd.start >= 16) info.videoFourcc = b.toString('latin1', stsd.start + 12, stsd.start + 16);
    break;
  }
  return info;
}

/** wp_add_id3_tag_data: ID3 text frames WordPress copies into the metadata (not the cover image). */
function id3Tags(m: IAudioMetadata): Record<string, string> {
  const tagTypes = m.format.tagTypes ?? [];
  if (!tagTypes.some((t) => t.startsWith('ID3'))) return {};
  const c = m.common;
  const out: Record<string, string> = {};
  const set = (k: string, v: unknown): void => {
    if (typeof v === 'string' && v !== '') out[k] = v.replace(/<[^>]*>?/g, '');
    else if (typeof v === 'number') out[k] = String(v);
  };
  set('title', c.title);
  set('artist', c.artist);
  set('album', c.album);
  set('year', c.year);
  set('genre', c.genre?.[0]);
  set('track_number', c.track?.no ?? undefined);
  set('band', c.albumartist);
  set('composer', c.composer?.[0]);
  set('comment', c.comment?.[0]);
  return out;
}

/**
 * wp_read_audio_metadata / wp_read_video_metadata with music-metadata, under WordPress's keys (getID3's
 * names): audio gets dataformat, codec, sample_rate, channels, bits_per_sample, bitrate, bitrate_mode,
 * lossless, fileformat, filesize, mime_type, length, length_formatted and ID3 tags; video gets lossless,
 * bitrate, filesize, mime_type, length, length_formatted, width, height, fileformat, dataformat, codec,
 * created_timestamp and an `audio` sub-object. `mime` is the attachment's type (audio/* or video/*).
 * Never throws for unreadable media: answers what it knows (at least filesize and mime_type).
 */
export async function mediaMetadata(bytes: Uint8Array, mime: string): Promise<AudioVideoMetadata> {
  const isVideo = mime.startsWith('video/');
  const meta: AudioVideoMetadata = {};
  let m: IAudioMetadata | null = null;
  try {
    m = await parseBuffer(
      bytes,
      { mimeType: mime, size: bytes.length },
      { duration: true, skipCovers: true, skipPostHeaders: true },
    );
  } catch {
    m = null;
  }
  const f = m?.format;
  const container = f?.container ?? '';
  const audio: Record<string, unknown> = {};
  if (f) {
    const af = audioFormat(f.codec ?? '', container);
    if (af.dataformat) audio.dataformat = af.dataformat;
    if (f.numberOfChannels) audio.channels = f.numberOfChannels;
    if (f.sampleRate) audio.sample_rate = f.sampleRate;
    if (!isVideo && f.bitrate) audio.bitrate = Math.round(f.bitrate);
    if (f.bitsPerSample) audio.bits_per_sample = f.bitsPerSample;
    if (af.codec ?? f.codec) audio.codec = af.codec ?? f.codec;
    if (typeof f.lossless === 'boolean') audio.lossless = f.lossless;
    if (f.codecProfile && /^(CBR|VBR|ABR)$/i.test(f.codecProfile)) audio.bitrate_mode = f.codecProfile.toLowerCase();
    else if (af.dataformat === 'wav' || af.dataformat === 'flac')
      audio.bitrate_mode = af.dataformat === 'wav' ? 'cbr' : 'vbr';
    if (f.numberOfChannels) audio.channelmode = f.numberOfChannels === 1 ? 'mono' : 'stereo';
    if (f.tool) audio.encoder = f.tool;
  }
  if (!isVideo) {
    Object.assign(meta, audio);
    if (container) meta.fileformat = fileformat(container);
    meta.filesize = bytes.length;
    meta.mime_type = mime;
    const duration = f?.duration ?? isoInfo(bytes)?.duration;
    if (duration) {
      meta.length = Math.round(duration);
      meta.length_formatted = playtimeString(duration);
    }
    if (m) Object.assign(meta, id3Tags(m));
    return meta;
  }
  // Video, in wp_read_video_metadata's order. music-metadata 7 takes every MP4 sample entry for sound, so
  // ISO-BMFF movies are read from their boxes and the sound track only from a codec it recognises.
  const iso = isoInfo(bytes);
  const videoTrack = f?.trackInfo?.find((t) => t.video?.pixelWidth);
  if (iso || videoTrack) meta.lossless = false;
  if (f?.bitrate) meta.bitrate = Math.round(f.bitrate);
  meta.filesize = bytes.length;
  meta.mime_type = mime;
  const duration = f?.duration ?? iso?.duration;
  if (duration) {
    meta.length = Math.round(duration);
    meta.length_formatted = playtimeString(duration);
  }
  const width = videoTrack?.video?.pixelWidth ?? iso?.width;
  const height = videoTrack?.video?.pixelHeight ?? iso?.height;
  if (width && height) {
    meta.width = width;
    meta.height = height;
  }
  if (iso) meta.fileformat = 'mp4';
  else if (container) meta.fileformat = fileformat(container);
  if (iso) {
    meta.dataformat = 'quicktime';
    if (iso.videoFourcc) meta.codec = ISO_VIDEO_CODECS[iso.videoFourcc] ?? iso.videoFourcc;
  } else if (videoTrack?.codecName) {
    meta.dataformat = videoTrack.codecName.toLowerCase().replace(/^mpeg4\/iso\//, '');
    meta.codec = videoTrack.codecName;
  }
  if (f?.codec && f.sampleRate && f.sampleRate >= 8000) meta.audio = audio;
  const created = iso?.created ?? (f?.creationTime instanceof Date ? Math.floor(f.creationTime.getTime() / 1000) : 0);
  if (created && created > 0) meta.created_timestamp = created;
  return meta;
}

/** Any other file: WordPress 6.x records only `filesize`. */
export function fileMetadata(bytes: Uint8Array): FileMetadata {
  return { filesize: bytes.length };
}
