/** The submission's posted data as Contact Form 7 derives it (submission.php setup_posted_data). */
import { createHash, createHmac } from 'node:crypto';
import { hasOption, tagFeatures } from './parser';
import { canonicalize, phpTrim, sanitizePostedText } from './text';
import type { FormTag, PostedData } from './types';

/** A null-prototype dictionary: client-chosen names are data. */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Multipart text entries, in order → a null-prototype dictionary. `name[]` collects into a list (as PHP's
 * `$_POST` does); a repeated plain name keeps the last value. Names are data: `__proto__` is an ordinary key.
 * Values lose lone surrogates and NUL characters (the plugin's sanitize_posted_data).
 */
export function collectPosted(entries: Iterable<[string, string]>): PostedData {
  const out = dict<string | string[]>();
  for (const [rawName, rawValue] of entries) {
    if (typeof rawName !== 'string' || typeof rawValue !== 'string') continue;
    const value = sanitizePostedText(rawValue);
    if (rawName.endsWith('[]') && rawName.length > 2) {
      const name = rawName.slice(0, -2);
      const prev = own(out, name) ? out[name] : undefined;
      out[name] = Array.isArray(prev) ? [...prev, value] : [value];
    } else out[rawName] = value;
  }
  return out;
}

/** The posted value of `name` as a string list (a missing field is empty). */
export function postedList(posted: PostedData, name: string): string[] {
  if (!own(posted, name)) return [];
  const v = posted[name];
  return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}

/** The posted value of `name` as one string (the first of a list), '' when missing. */
export function postedString(posted: PostedData, name: string): string {
  if (!own(posted, name)) return '';
  const v = posted[name];
  return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '';
}

/** WPCF7_Pipes::do_pipe over every tag of that name: a posted label becomes its value. */
export function doPipe(tags: FormTag[], name: string, input: string): string {
  const wanted = canonicalize(input, { asIs: true });
  for (const tag of tags) {
    if (tag.name !== name) continue;
    for (const [before, after] of tag.pipes) if (canonicalize(before, { asIs: true }) === wanted) return after;
  }
  return input;
}

/**
 * The values the plugin validates and mails: keys starting with `_` dropped; for each named tag that is for
 * mail, its value ('' when not posted); selectable fields (select, checkbox, radio, acceptance) as lists with
 * pipes applied (a posted label becomes its `|value`) and, with `free_text`, the `_wpcf7_free_text_<name>` text
 * appended to the last item. Fields the form does not have are kept as posted (the plugin keeps them too).
 */
export function preparePostedData(tags: FormTag[], posted: PostedData): PostedData {
  const out = dict<string | string[]>();
  for (const key of Object.keys(posted)) if (!key.startsWith('_')) out[key] = posted[key];
  const seen = new Set<string>();
  for (const tag of tags) {
    const f = tagFeatures(tag.type);
    if (!tag.name || !f.nameAttr || f.notForMail || seen.has(tag.name)) continue;
    seen.add(tag.name);
    let value: string | string[] = own(posted, tag.name) ? posted[tag.name] : '';
    if (f.selectableValues) {
      const list = value === '' ? [] : postedList(posted, tag.name);
      value = list.map((v) => doPipe(tags, tag.name, v));
    }
    if ((tag.basetype === 'checkbox' || tag.basetype === 'radio') && hasOption(tag, 'free_text')) {
      const list = [...(value as string[])];
      const last = list.pop();
      if (last !== undefined) list.push(phpTrim(`${last} ${postedString(posted, `_wpcf7_free_text_${tag.name}`)}`));
      value = list;
    }
    out[tag.name] = value;
  }
  return out;
}

/** wpcf7_flat_join: a value or list as text, items trimmed, joined by `separator`. */
export function flatJoin(value: string | string[] | undefined | null, separator = ', '): string {
  if (value === undefined || value === null) return '';
  return (Array.isArray(value) ? value : [value]).map((v) => phpTrim(String(v))).join(separator);
}

/**
 * `posted_data_hash`: 32 hex characters identifying this submission's data within a half-hour window (the plugin
 * hashes the tick, remote IP, unit tag and prepared values with wp_hash), keyed with `secret`.
 */
export function postedDataHash(
  prepared: PostedData,
  meta: { remoteIp: string; remotePort?: string; unitTag: string; now?: number },
  secret: string,
): string {
  const tick = Math.ceil((meta.now ?? Date.now()) / 1000 / 1800);
  const parts = [String(tick), meta.remoteIp, meta.unitTag, ...Object.keys(prepared).map((k) => flatJoin(prepared[k]))];
  const text = parts.map((p) => phpTrim(p)).join(', ');
  // wp_hash is an HMAC-MD5: the same 32-hex shape, keyed by a server secret so it cannot be forged.
  return createHmac('md5', createHash('sha256').update(`wpcf7_submission|${secret}`).digest())
    .update(text)
    .digest('hex');
}
