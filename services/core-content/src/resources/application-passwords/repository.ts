/**
 * Application passwords: storage and WP_Application_Passwords' rules, no HTTP. One document per password
 * (WordPress keeps a list in user meta); the plaintext exists only in the return value of create().
 */
import { randomUUID } from 'node:crypto';
import { sanitizeTextField } from '@loom/contracts';
import { wpError } from '@loom/service-kit';
import type { Collection, Store } from '@loom/store';
import {
  chunkPassword,
  DUMMY_HASH,
  generateAppPassword,
  hashAppPassword,
  matchesAppPassword,
  normalizeAppPassword,
} from './secret';

export interface AppPasswordDoc extends Record<string, unknown> {
  uuid: string;
  user_id: number;
  app_id: string;
  name: string;
  /** sha256$salt$hash of the normalized password (secret.ts). Never leaves this service. */
  password: string;
  /** Milliseconds since the epoch (shown to the second, GMT, as WordPress does). */
  created: number;
  last_used: number | null;
  last_ip: string | null;
}

export const APP_PASSWORDS = 'application_passwords';

/** record_application_password_usage() writes at most once a day per password, so requests stay read-only. */
export const USAGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export async function ensureAppPasswordIndexes(store: Store): Promise<void> {
  const c = store.collection<AppPasswordDoc>(APP_PASSWORDS);
  await c.ensureIndex({ fields: ['uuid'], unique: true });
  await c.ensureIndex({ fields: ['user_id'] });
}

export class AppPasswordRepository {
  private readonly passwords: Collection<AppPasswordDoc>;

  constructor(store: Store) {
    this.passwords = store.collection<AppPasswordDoc>(APP_PASSWORDS);
  }

  /** A user's passwords, oldest first (WordPress's list order). */
  list(userId: number): Promise<AppPasswordDoc[]> {
    return this.passwords.find({ user_id: userId }, { sort: { created: 1, uuid: 1 } });
  }

  get(userId: number, uuid: string): Promise<AppPasswordDoc | null> {
    return this.passwords.findOne({ user_id: userId, uuid });
  }

  /** rest_application_password_not_found 404 unless the user has this password. */
  async require(userId: number, uuid: string): Promise<AppPasswordDoc> {
    const item = await this.get(userId, uuid);
    if (!item) throw wpError('rest_application_password_not_found');
    return item;
  }

  /** create_new_application_password(): returns the chunked plaintext (shown once) and the stored item. */
  async create(
    userId: number,
    input: { name: string; app_id?: string },
  ): Promise<{ password: string; item: AppPasswordDoc }> {
    const name = sanitizeTextField(input.name ?? '');
    if (!name) throw wpError('application_password_empty_name');
    const existing = await this.list(userId);
    if (existing.some((p) => p.name.toLowerCase() === name.toLowerCase())) {
      throw wpError('application_password_duplicate_name');
    }
    const plain = generateAppPassword();
    const item: AppPasswordDoc = {
      uuid: randomUUID(),
      user_id: userId,
      app_id: input.app_id ?? '',
      name,
      password: hashAppPassword(plain),
      created: Date.now(),
      last_used: null,
      last_ip: null,
    };
    return { password: chunkPassword(plain), item: await this.passwords.insert(item) };
  }

  /** update_application_password(): only the name changes (sanitized; an empty one is ignored). */
  async update(userId: number, uuid: string, input: { name?: string }): Promise<AppPasswordDoc> {
    const item = await this.require(userId, uuid);
    const name = sanitizeTextField(input.name ?? '');
    if (!name || name === item.name) return item;
    return (
      (await this.passwords.updateOne({ user_id: userId, uuid }, { $set: { name } })) ?? this.require(userId, uuid)
    );
  }

  delete(userId: number, uuid: string): Promise<AppPasswordDoc | null> {
    return this.passwords.deleteOne({ user_id: userId, uuid });
  }

  deleteAll(userId: number): Promise<number> {
    return this.passwords.deleteMany({ user_id: userId });
  }

  /**
   * The user's password matching `presented` (spaces and other separators ignored), or null. `userId` null is
   * an unknown login: the same work is done against a dummy hash, so the answer takes as long.
   */
  async verify(userId: number | null, presented: string): Promise<AppPasswordDoc | null> {
    const normalized = normalizeAppPassword(presented);
    const items = await this.list(userId ?? 0);
    if (userId === null || items.length === 0) {
      matchesAppPassword(normalized, DUMMY_HASH);
      return null;
    }
    // Every item is checked (no early exit), so the time does not depend on which one matched.
    let found: AppPasswordDoc | null = null;
    for (const item of items) if (matchesAppPassword(normalized, item.password) && !found) found = item;
    return found;
  }

  /** record_application_password_usage(): last_used (GMT) and last_ip, at most once a day; true when it wrote. */
  async recordUsage(item: AppPasswordDoc, ip: string | undefined, now = Date.now()): Promise<boolean> {
    if (item.last_used !== null && item.last_used + USAGE_INTERVAL_MS > now) return false;
    await this.passwords.updateOne({ uuid: item.uuid }, { $set: { last_used: now, last_ip: ip || null } });
    return true;
  }
}
