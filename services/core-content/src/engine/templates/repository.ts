/**
 * Templates of one type as WordPress finds them (block-template-utils.php): the active theme's stored rows
 * (customised copies and custom templates, posts of the type in the shared posts collection) merged with the
 * theme's files, a row overriding the file of the same slug. Rows are written through the posts repository, so
 * they share the id sequence, slugs stay unique within their theme (store-enforced) and revisions follow their saves.
 */
import type { RestRequest } from '@loom/service-kit';
import type { Filter } from '@loom/store';
import { siteClock } from '../dates';
import { PostRepository, POSTS } from '../repository';
import { themeOf, type Theme } from '../../site/theme';
import type { TemplateKind } from './kind';
import { fromFile, fromPost, type BlockTemplate, type TemplateRow } from './model';

export interface TemplateQuery {
  /** Only the row with this id (drafts too), and no theme file. */
  wp_id?: number;
  area?: string;
  post_type?: string;
  slugs?: string[];
}

/** The statuses get_block_template() finds a row in (a trashed row's slug has `__trashed`: its own id). */
const ITEM_STATUSES = ['auto-draft', 'draft', 'publish', 'trash'];

/**
 * _sanitize_template_id(): `theme/slug` (a single slash, as some routing leaves it) is `theme//slug`. Slugs hold
 * no slash, so the last one is the one doubled.
 */
export function sanitizeTemplateId(id: string): string {
  const last = id.lastIndexOf('/');
  if (last < 0 || id[last - 1] === '/') return id;
  return `${id.slice(0, last)}/${id.slice(last)}`;
}

/** A template id's theme and slug (split on the first `//`), or null for an id without both. */
export function splitTemplateId(id: string): { theme: string; slug: string } | null {
  const at = id.indexOf('//');
  return at < 0 ? null : { theme: id.slice(0, at), slug: id.slice(at + 2) };
}

export class TemplateRepository {
  readonly theme: Theme;
  readonly rows: PostRepository;

  constructor(
    readonly req: RestRequest,
    readonly kind: TemplateKind,
  ) {
    this.theme = themeOf(req);
    this.rows = new PostRepository(req.store, kind.rules, siteClock(req.config), req.config.homeUrl);
  }

  private get collection() {
    return this.req.store.collection<TemplateRow>(POSTS);
  }

  private build(row: TemplateRow): Promise<BlockTemplate> {
    return fromPost(this.req.store, this.theme, row);
  }

  /** get_block_templates(): the active theme's rows (published, or the one `wp_id` names), then the files no row overrides. */
  async list(q: TemplateQuery = {}): Promise<BlockTemplate[]> {
    const { kind, theme } = this;
    const and: Filter[] = [{ type: kind.type, theme: theme.name }];
    and.push(
      q.wp_id !== undefined
        ? { id: q.wp_id, status: { $in: ['auto-draft', 'draft', 'publish'] } }
        : { status: 'publish' },
    );
    if (kind.areas && q.area !== undefined) and.push({ area: q.area });
    if (q.slugs) and.push({ slug: { $in: q.slugs } });
    // WP_Query's order: newest first (rows saved in the same second: the older first).
    const rows = await this.collection.find({ $and: and }, { sort: { date: -1, id: 1 } });
    const out: BlockTemplate[] = [];
    for (const row of rows) {
      const t = await this.build(row);
      if (q.post_type && (!t.is_custom || (t.post_types && !t.post_types.includes(q.post_type)))) continue;
      out.push(t);
    }
    if (q.wp_id !== undefined) return out;
    const overridden = new Set(out.map((t) => t.slug));
    for (const file of theme.files(kind.type)) {
      if (overridden.has(file.slug) || (q.slugs && !q.slugs.includes(file.slug))) continue;
      if (kind.areas && q.area !== undefined && file.area !== q.area) continue;
      if (kind.postTypes && q.post_type && !file.postTypes?.includes(q.post_type)) continue;
      out.push(fromFile(theme, file));
    }
    return out;
  }

  /** The stored row a template id names (any status get_block_template() reads), newest first. */
  async row(id: string): Promise<TemplateRow | null> {
    const parts = splitTemplateId(id);
    if (!parts) return null;
    const [row] = await this.collection.find(
      { type: this.kind.type, theme: parts.theme, slug: parts.slug, status: { $in: ITEM_STATUSES } },
      { sort: { date: -1, id: -1 }, limit: 1 },
    );
    return row ?? null;
  }

  /** get_block_template(): the row, else the theme's file. */
  async get(id: string): Promise<BlockTemplate | null> {
    const row = await this.row(id);
    return row ? this.build(row) : this.file(id);
  }

  /** get_block_file_template(): the active theme's file of that slug. */
  file(id: string): BlockTemplate | null {
    const parts = splitTemplateId(id);
    if (!parts || parts.theme !== this.theme.name) return null;
    const file = this.theme.file(this.kind.type, parts.slug);
    return file ? fromFile(this.theme, file) : null;
  }

  /** A row by its post id (whatever its status), as a template. */
  async byPostId(wpId: number): Promise<BlockTemplate | null> {
    const row = await this.collection.findOne({ id: wpId, type: this.kind.type });
    return row ? this.build(row) : null;
  }

  /** A revision or autosave of a row, as WordPress builds its template (the row's theme, origin and area). */
  revision(doc: Parameters<typeof fromPost>[2], row: TemplateRow): Promise<BlockTemplate> {
    return fromPost(this.req.store, this.theme, doc, row);
  }
}
