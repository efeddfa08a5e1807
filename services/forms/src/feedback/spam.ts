/**
 * The spam rules a submission meets after it validated (the plugin's `spam()` stage, wpcf7_spam): the honeypot
 * field, WordPress's disallowed words (`disallowed_keys`), and a submission rate per client address, counted in
 * the forms store so that every replica sees the same count (fixed windows of LOOM_FORMS_RATE_WINDOW_MS).
 */
import { createHmac } from 'node:crypto';
import { addressKey } from '@loom/service-kit';
import { countInWindow, ensureWindowCounterIndexes, type Store } from '@loom/store';
import { flatJoin, type PostedData } from '../form-tags';

export const ATTEMPTS = 'submission_attempts';

export async function ensureAttemptIndexes(store: Store): Promise<void> {
  await ensureWindowCounterIndexes(store, ATTEMPTS);
}

/** A filled honeypot (a field people never see, which bots fill in). */
export function honeypotFilled(field: string, posted: PostedData): boolean {
  if (!field || !Object.prototype.hasOwnProperty.call(posted, field)) return false;
  return flatJoin(posted[field]).trim() !== '';
}

/**
 * wpcf7_check_disallowed_list: every posted value, the remote address and the user agent, searched for each
 * disallowed word or phrase, ignoring case (the plugin's `/word/iu`).
 */
export function containsDisallowed(
  words: string[],
  posted: PostedData,
  meta: { remoteIp: string; userAgent: string },
): boolean {
  if (!words.length) return false;
  const target = [...Object.keys(posted).map((k) => flatJoin(posted[k], '\n')), meta.remoteIp, meta.userAgent]
    .join('\n')
    .toLocaleLowerCase();
  return words.some((w) => target.includes(w.toLocaleLowerCase()));
}

/**
 * True when the address already made `max` submissions in the current window; otherwise counts this one
 * (@loom/store's countInWindow: one counter per address and window, shared by every replica). Addresses are stored
 * as keyed hashes, never as they are. `max` 0 turns the limit off.
 */
export async function overRate(
  store: Store,
  opts: { address: string; max: number; windowMs: number; secret: string; now?: number },
): Promise<boolean> {
  if (opts.max <= 0) return false;
  // An IPv6 client is counted by its /64, as the gateway's sign-in throttle counts it.
  const key = createHmac('sha256', opts.secret)
    .update(`rate|${addressKey(opts.address)}`)
    .digest('base64url');
  return !(await countInWindow(store.collection(ATTEMPTS), key, opts)).counted;
}
