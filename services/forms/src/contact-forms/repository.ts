/**
 * Contact forms in the forms store (collection `contact_forms`): ids from the store's sequence, slugs unique by
 * a unique index (a taken slug gets `-2`, `-3`... with a retry, as wp_unique_post_slug), the plugin's hash.
 */
import { randomBytes } from 'node:crypto';
import { sanitizeTitle } from '@loom/contracts';
import { DuplicateKeyError, type Store } from '@loom/store';
import type { StoredProperties } from './properties';

export const CONTACT_FORMS = 'contact_forms';

export type ContactFormDoc = {
  id: number;
  slug: string;
  title: string;
  locale: string;
  /** 40 hex characters; lists show the first 7 (the plugin's shortcode hash). */
  hash: string;
  properties: StoredProperties;
  author: number;
  date: string;
  modified: string;
};

export async function ensureContactFormIndexes(store: Store): Promise<void> {
  const c = store.collection(CONTACT_FORMS);
  await c.ensureIndex({ fields: ['id'], unique: true });
  await c.ensureIndex({ fields: ['slug'], unique: true });
}

export interface ListQuery {
  perPage: number;
  offset: number;
  order: 'asc' | 'desc';
  orderby: 'id' | 'title' | 'slug' | 'date' | 'modified';
  search?: string;
}

export class ContactForms {
  constructor(private readonly store: Store) {}

  private get col() {
    return this.store.collection<ContactFormDoc>(CONTACT_FORMS);
  }

  get(id: number): Promise<ContactFormDoc | null> {
    return this.col.findOne({ id });
  }

  list(q: ListQuery): Promise<ContactFormDoc[]> {
    const filter = q.search ? { title: { $contains: q.search } } : {};
    const dir = q.order === 'desc' ? -1 : 1;
    const sort = q.orderby === 'id' ? { id: dir } : { [q.orderby]: dir, id: dir };
    return this.col.find(filter, {
      sort: sort as Record<string, 1 | -1>,
      skip: q.offset,
      limit: q.perPage < 0 ? 0 : q.perPage,
    });
  }

  /** Stores a new form; its slug is its title's, made unique. */
  async create(doc: Omit<ContactFormDoc, 'id' | 'slug' | 'hash' | 'date' | 'modified'>): Promise<ContactFormDoc> {
    const id = await this.store.nextId('posts');
    const now = new Date().toISOString();
    const base = sanitizeTitle(doc.title) || String(id);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      try {
        return await this.col.insert({
          ...doc,
          id,
          slug,
          hash: randomBytes(20).toString('hex'),
          date: now,
          modified: now,
        });
      } catch (e) {
        if (!(e instanceof DuplicateKeyError) || n > 1000) throw e;
      }
    }
  }

  /** Writes title, locale and properties; the slug stays (WordPress keeps a published post's name). */
  update(id: number, set: Pick<ContactFormDoc, 'title' | 'locale' | 'properties'>): Promise<ContactFormDoc | null> {
    return this.col.updateOne({ id }, { $set: { ...set, modified: new Date().toISOString() } });
  }

  delete(id: number): Promise<ContactFormDoc | null> {
    return this.col.deleteOne({ id });
  }
}
