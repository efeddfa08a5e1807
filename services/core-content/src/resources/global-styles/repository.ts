/**
 * The user's global styles: one `wp_global_styles` post per theme in the shared posts collection (and id
 * sequence), as WP_Theme_JSON_Resolver::get_user_data_from_wp_global_styles() keeps them. The post is made on first
 * need; two first requests at once (on any replica) cannot make two, as its slug (`wp-global-styles-<theme>`) is
 * claimed under the posts' unique slug index, and the loser reads the winner's. Its revisions are core-content's
 * own (engine/revisions): `revision` posts whose parent it is, saved here as wp_save_post_revision() saves them,
 * since wp_global_styles is no REST post type for the posts lifecycle to follow.
 */
import { DuplicateKeyError, type Store } from '@loom/store';
import { siteClock, type KitConfig } from '@loom/service-kit';
import { nowStamps } from '../../engine/dates';
import { POST_SEQUENCE, POSTS } from '../../engine/repository';
import { internalPostFields, type PostDoc } from '../../engine/post';
import { slugKey } from '../../engine/slugs';
import { fieldsDiffer, RevisionRepository } from '../../engine/revisions/repository';
import { LATEST_SCHEMA } from '../../site/theme';

export const GLOBAL_STYLES = 'wp_global_styles';

/** A wp_global_styles post, with the theme it belongs to (WordPress's wp_theme term). */
export interface GlobalStylesDoc extends PostDoc {
  type: typeof GLOBAL_STYLES;
  theme: string;
}

/** post_name: `wp-global-styles-` and the stylesheet, urlencode()d. */
const slugOf = (stylesheet: string): string =>
  `wp-global-styles-${encodeURIComponent(stylesheet)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')}`;

export class GlobalStylesRepository {
  constructor(
    readonly store: Store,
    readonly config: KitConfig,
  ) {}

  private get posts() {
    return this.store.collection<GlobalStylesDoc>(POSTS);
  }

  /** get_post() of a wp_global_styles post (null for any other id). */
  get(id: number): Promise<GlobalStylesDoc | null> {
    return id > 0 ? this.posts.findOne({ id, type: GLOBAL_STYLES }) : Promise.resolve(null);
  }

  /** The theme's published post, newest first as WordPress queries it. */
  async ofTheme(stylesheet: string): Promise<GlobalStylesDoc | null> {
    const [doc] = await this.posts.find(
      { type: GLOBAL_STYLES, theme: stylesheet, status: 'publish' },
      { sort: { date: -1, id: -1 }, limit: 1 },
    );
    return doc ?? null;
  }

  /** get_user_data_from_wp_global_styles( $theme, true ): the theme's post, made when it has none. */
  async ensure(stylesheet: string): Promise<GlobalStylesDoc> {
    const found = await this.ofTheme(stylesheet);
    if (found) return found;
    const now = nowStamps(siteClock(this.config));
    const slug = slugOf(stylesheet);
    const doc: GlobalStylesDoc = {
      id: await this.store.nextId(POST_SEQUENCE),
      type: GLOBAL_STYLES,
      theme: stylesheet,
      status: 'publish',
      author: 0,
      date: now.local,
      date_gmt: now.gmt,
      modified: now.local,
      modified_gmt: now.gmt,
      slug,
      // The slug's claim: one post per theme, whichever request or replica makes it.
      slug_key: slugKey({ type: GLOBAL_STYLES, status: 'publish', slug, parent: 0 }, { scope: 'type' }),
      title: 'Custom Styles',
      title_sort: 'custom styles',
      content: `{"version": ${LATEST_SCHEMA}, "isGlobalStylesUserThemeJSON": true }`,
      excerpt: '',
      parent: 0,
      ...internalPostFields(),
    };
    try {
      return await this.posts.insert(doc);
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e;
      const winner = await this.ofTheme(stylesheet);
      if (!winner) throw e;
      return winner;
    }
  }

  /** wp_update_post() of the title and content, then wp_save_post_revision(). */
  async update(
    before: GlobalStylesDoc,
    changes: { title?: string; content?: string },
    userId: number,
  ): Promise<GlobalStylesDoc> {
    const now = nowStamps(siteClock(this.config));
    const set: Partial<GlobalStylesDoc> = { modified: now.local, modified_gmt: now.gmt };
    if (changes.title !== undefined)
      Object.assign(set, { title: changes.title, title_sort: changes.title.toLowerCase() });
    if (changes.content !== undefined) set.content = changes.content;
    const after = (await this.posts.updateOne({ id: before.id, type: GLOBAL_STYLES }, { $set: set })) ?? {
      ...before,
      ...set,
    };
    const revisions = new RevisionRepository(this.store);
    const latest = await revisions.latest(after.id);
    // As wp_save_post_revision(): a revision unless the saved post is its newest one already.
    if (!latest || fieldsDiffer(latest, after))
      await revisions.insert(after, after, {
        author: userId,
        autosave: false,
        date: { local: after.modified, gmt: after.modified_gmt },
      });
    return after;
  }
}
