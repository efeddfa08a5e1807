/**
 * Which post a URL of this site names, if anyone may view it: WordPress's url_to_postid() followed by
 * is_post_publicly_viewable(), for oEmbed. A URL of another host names nothing (hosts compared without `www.`
 * and without the port, as url_to_postid compares them); `?p=`, `?page_id=` and `?attachment_id=` name a post by
 * id; otherwise the path is a permalink. Instead of replaying WordPress's rewrite rules, the candidates are the
 * posts whose slug is the path's last segment, and the one whose own permalink is that path wins, so every type's
 * permalink shape (nested pages, attachments under their parent) is matched by the code that builds it. A trailing
 * page number (`/slug/2/`) or `embed` segment is dropped first, as WordPress's rules drop them.
 */
import type { KitConfig } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { isPublicFor } from '../../engine/access';
import type { PostTypeBehaviour } from '../../engine/behaviour';
import { permalink } from '../../engine/permalinks';
import { POST_TYPE_BEHAVIOURS } from '../../engine/registry';
import { ancestorsOf, POSTS, type PostDoc } from '../../engine/repository';

/** Types whose posts can be embedded: viewable ones (is_post_type_viewable) that this service serves. */
const viewableTypes = (): PostTypeBehaviour[] => [...POST_TYPE_BEHAVIOURS().values()].filter((b) => b.object.viewable);

const hostOf = (host: string) =>
  host
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');

/** Percent-escapes in lower case, as sanitize_title stores non-ASCII slugs (`%e6%97%a5`). */
const lowerEscapes = (s: string) => s.replace(/%[0-9A-F]{2}/gi, (e) => e.toLowerCase());

export class EmbedResolver {
  private readonly home: URL;

  constructor(
    private readonly store: Store,
    private readonly config: Pick<KitConfig, 'homeUrl'>,
  ) {
    this.home = new URL(`${config.homeUrl}/`);
  }

  /** The post the URL names, with its ancestors, when it is publicly viewable; null otherwise. */
  async resolve(raw: string): Promise<{ post: PostDoc; ancestors: PostDoc[]; rules: PostTypeBehaviour } | null> {
    let url: URL;
    try {
      // A URL without a host is read against the home URL, as url_to_postid reads a bare path.
      url = new URL(raw, this.home);
    } catch {
      return null;
    }
    if (hostOf(url.hostname) !== hostOf(this.home.hostname)) return null;
    const byId = /[?&](?:p|page_id|attachment_id)=(\d+)/.exec(url.search)?.[1];
    const candidates = byId ? await this.byId(Number(byId)) : await this.byPath(url.pathname);
    for (const post of candidates) {
      const found = await this.viewable(post);
      if (found) return found;
    }
    return null;
  }

  private async byId(id: number): Promise<PostDoc[]> {
    if (!Number.isSafeInteger(id) || id <= 0) return [];
    const post = await this.store.collection<PostDoc>(POSTS).findOne({ id });
    return post ? [post] : [];
  }

  /** Posts whose permalink path is `pathname` (after the home path), trailing page number or `embed` dropped. */
  private async byPath(pathname: string): Promise<PostDoc[]> {
    const base = this.home.pathname.replace(/\/+$/, '');
    if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return [];
    let segments = lowerEscapes(pathname.slice(base.length)).split('/').filter(Boolean);
    if (segments.length > 1 && segments[segments.length - 1] === 'embed') segments = segments.slice(0, -1);
    if (segments.length > 1 && /^\d+$/.test(segments[segments.length - 1]!)) segments = segments.slice(0, -1);
    if (!segments.length || segments.length > 20) return [];
    const wanted = `${segments.join('/')}/`;
    const types = viewableTypes().map((b) => b.name);
    const posts = await this.store
      .collection<PostDoc>(POSTS)
      .find({ slug: segments[segments.length - 1]!, type: { $in: types } }, { sort: { id: 1 }, limit: 50 });
    const ancestors = await ancestorsOf(this.store, posts);
    const root = `${this.config.homeUrl}/`;
    return posts.filter((p) => {
      const rules = POST_TYPE_BEHAVIOURS().get(p.type)!;
      const link = permalink(p, {
        homeUrl: this.config.homeUrl,
        rules,
        ancestors: ancestors.get(p.id) ?? [],
        canRead: false,
      });
      return link.startsWith(root) && lowerEscapes(link.slice(root.length)) === wanted;
    });
  }

  /** is_post_publicly_viewable(): a viewable type, and a public status (an attachment's is its parent's). */
  private async viewable(
    post: PostDoc,
  ): Promise<{ post: PostDoc; ancestors: PostDoc[]; rules: PostTypeBehaviour } | null> {
    const rules = POST_TYPE_BEHAVIOURS().get(post.type);
    if (!rules?.object.viewable) return null;
    const ancestors = (await ancestorsOf(this.store, [post])).get(post.id) ?? [];
    let status = post.status;
    if (status === 'inherit') status = post.parent ? (ancestors[0]?.status ?? 'trash') : 'publish';
    if (!isPublicFor(post.type, status)) return null;
    return { post, ancestors, rules };
  }
}
