/**
 * A user's site sessions (WP_Session_Tokens, which WordPress keeps in the `session_tokens` user meta): one document
 * per sign-in, found by the SHA-256 of its token, so the store never holds a token a stolen copy of it could replay
 * (the token itself is only in the browser's cookie). A session ends when its user signs out, when it expires, when
 * the user's password changes and with the user. Kept here, in the store every gateway replica asks, so that a
 * session ended on one replica is ended on all.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Collection, Store } from '@loom/store';

export interface SessionDoc extends Record<string, unknown> {
  /** SHA-256 (hex) of the token, as WP_Session_Tokens::hash_token. */
  verifier: string;
  user_id: number;
  /** Seconds since the epoch, as WordPress's `expiration` and `login`. */
  expiration: number;
  login: number;
  ip: string;
  ua: string;
}

export const SESSION_TOKENS = 'session_tokens';

export async function ensureSessionIndexes(store: Store): Promise<void> {
  const c = store.collection<SessionDoc>(SESSION_TOKENS);
  await c.ensureIndex({ fields: ['verifier'], unique: true });
  await c.ensureIndex({ fields: ['user_id'] });
}

const verifierOf = (token: string) => createHash('sha256').update(token).digest('hex');
const seconds = (ms: number) => Math.floor(ms / 1000);

export class SessionRepository {
  private readonly sessions: Collection<SessionDoc>;

  constructor(store: Store) {
    this.sessions = store.collection<SessionDoc>(SESSION_TOKENS);
  }

  /** WP_Session_Tokens::create(): a new token (43 characters, as wp_generate_password( 43 )), shown only here. */
  async create(
    userId: number,
    opts: { ttlS: number; ip?: string; ua?: string },
    now = Date.now(),
  ): Promise<{ token: string; expiration: number }> {
    // The user's expired sessions go as a new one is saved, as WP_User_Meta_Session_Tokens keeps only valid ones.
    await this.sessions.deleteMany({ user_id: userId, expiration: { $lte: seconds(now) } });
    const token = randomBytes(32).toString('base64url');
    const expiration = seconds(now) + opts.ttlS;
    await this.sessions.insert({
      verifier: verifierOf(token),
      user_id: userId,
      expiration,
      login: seconds(now),
      ip: opts.ip ?? '',
      ua: opts.ua ?? '',
    });
    return { token, expiration };
  }

  /** The user's live session with this token (WP_Session_Tokens::verify), or null. */
  async find(userId: number, token: string, now = Date.now()): Promise<SessionDoc | null> {
    const found = await this.sessions.findOne({ verifier: verifierOf(token), user_id: userId });
    return found && found.expiration > seconds(now) ? found : null;
  }

  /** WP_Session_Tokens::destroy(): true when the session existed. */
  async destroy(userId: number, token: string): Promise<boolean> {
    return (await this.sessions.deleteOne({ verifier: verifierOf(token), user_id: userId })) !== null;
  }
}

/** WP_Session_Tokens::destroy_all() for `userId`, on any store handle (the users repository's). */
export function destroyAllSessions(store: Store, userId: number): Promise<number> {
  return store.collection<SessionDoc>(SESSION_TOKENS).deleteMany({ user_id: userId });
}
