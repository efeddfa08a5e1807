/**
 * WordPress's nonces (wp_create_nonce, wp_verify_nonce), which a signed-in browser's REST requests must carry: ten hex
 * characters of an HMAC of `tick|action|uid|token`, where the tick is ceil(time / (NONCE_LIFE_S / 2)). A nonce is so
 * valid in the half-day it was made in and the next one (verify says which: 1 or 2), and only for its user and
 * session (the cookie's token); a visitor's are made with uid 0 and no token. The key is derived from
 * LOOM_INTERNAL_SECRET (WordPress's `nonce` salt), so every gateway replica makes and checks the same nonces.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** WordPress's nonce_life: a day. */
export const NONCE_LIFE_S = 24 * 60 * 60;

/** The action of REST requests' nonces. */
export const REST_ACTION = 'wp_rest';

export interface NonceSubject {
  /** The user's id; 0 for a visitor. */
  uid: number;
  /** The session's token; '' for a visitor. */
  token: string;
}

export const VISITOR: NonceSubject = { uid: 0, token: '' };

export class Nonces {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('loom:nonce').digest();
  }

  /** wp_nonce_tick(), of PHP's time() (whole seconds). */
  tick(): number {
    return Math.ceil(Math.floor(this.now() / 1000) / (NONCE_LIFE_S / 2));
  }

  private make(tick: number, action: string, s: NonceSubject): string {
    // Hex, as WordPress's substr( wp_hash( ... ), -12, 10 ): clients may treat a nonce as an opaque short string.
    return createHmac('sha256', this.key).update(`${tick}|${action}|${s.uid}|${s.token}`).digest('hex').slice(-12, -2);
  }

  create(action: string, subject: NonceSubject): string {
    return this.make(this.tick(), action, subject);
  }

  /** 1: made in this half-day, 2: in the one before, false: not a nonce of this action and subject (or empty). */
  verify(nonce: string, action: string, subject: NonceSubject): 1 | 2 | false {
    // PHP's empty(): '' and '0' are no nonce.
    if (!nonce || nonce === '0') return false;
    const given = Buffer.from(nonce);
    const tick = this.tick();
    for (const [age, result] of [
      [0, 1],
      [1, 2],
    ] as const) {
      const expected = Buffer.from(this.make(tick - age, action, subject));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return result;
    }
    return false;
  }
}
