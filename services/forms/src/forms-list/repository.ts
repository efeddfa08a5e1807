/**
 * WPForms forms (collection `wpforms`): `wpforms` posts whose content is the form's JSON definition. Their ids come
 * from the same sequence as contact forms (`posts`): both are posts of one WordPress site.
 */
import { sanitizeTitle } from '@loom/contracts';
import { DuplicateKeyError, type Store } from '@loom/store';

export const WPFORMS = 'wpforms';

export type WpFormDoc = {
  id: number;
  author: number;
  /** GMT, `YYYY-MM-DD HH:MM:SS`. */
  date_gmt: string;
  modified_gmt: string;
  title: string;
  slug: string;
  status: 'publish' | 'draft';
  /** The form's definition, as WPForms stores it: a JSON string. */
  content: string;
};

export async function ensureWpFormIndexes(store: Store): Promise<void> {
  const c = store.collection(WPFORMS);
  await c.ensureIndex({ fields: ['id'], unique: true });
  await c.ensureIndex({ fields: ['slug'], unique: true });
  // The form list (published forms).
  await c.ensureIndex({ fields: ['status'] });
}

const gmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export class WpForms {
  constructor(private readonly store: Store) {}

  private get col() {
    return this.store.collection<WpFormDoc>(WPFORMS);
  }

  /** Published forms, id descending (the form selector's query). */
  published(): Promise<WpFormDoc[]> {
    return this.col.find({ status: 'publish' }, { sort: { id: -1 } });
  }

  async create(input: {
    title: string;
    definition: Record<string, unknown>;
    status: 'publish' | 'draft';
    author: number;
  }): Promise<WpFormDoc> {
    const id = await this.store.nextId('posts');
    const now = gmt(new Date());
    // WPForms writes the post's id into its definition (`id`) once the post exists.
    const content = JSON.stringify({ ...input.definition, id: String(id) });
    const base = sanitizeTitle(input.title) || String(id);
    for (let n = 1; ; n++) {
      try {
        return await this.col.insert({
          id,
          author: input.author,
          date_gmt: now,
          modified_gmt: now,
          title: input.title,
          slug: n === 1 ? base : `${base}-${n}`,
          status: input.status,
          content,
        });
      } catch (e) {
        if (!(e instanceof DuplicateKeyError) || n > 1000) throw e;
      }
    }
  }
}
