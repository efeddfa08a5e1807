/**
 * `GET /_loom/oembed-post?url=<url>` (OEMBED_POST_PATH): the oembed service's typed client asks here which publicly viewable
 * post a URL of this site names (resolve.ts) and gets the parts an embed shows, as get_oembed_response_data() and
 * the embed template read them: the title as a page shows it, the permalink, the author's name and archive, the
 * excerpt, the featured image's id. Internal only (LOOM_INTERNAL_SECRET), never under /rest.
 */
import type { Express } from 'express';
import { errorBody, OEMBED_POST_PATH, type OembedPost } from '@loom/contracts';
import { requireInternal, type KitConfig, type Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { permalink } from '../../engine/permalinks';
import { publishDuePosts } from '../../engine/repository';
import { siteClock } from '../../engine/dates';
import { renderer } from '../../engine/render';
import { UserRepository } from '../../resources/users/repository';
import { EmbedResolver } from './resolve';

const NOT_FOUND = errorBody('oembed_invalid_url');

export function mountOembedPost(app: Express, deps: { config: KitConfig; store: Store; log: Logger }): void {
  const { config, store, log } = deps;
  const resolver = new EmbedResolver(store, config);
  app.get(OEMBED_POST_PATH, requireInternal(config.internalSecret), async (req, res) => {
    const url = typeof req.query.url === 'string' ? req.query.url : '';
    try {
      // A scheduled post whose time has come is published first, as every read here does.
      await publishDuePosts(store, siteClock(config));
      const found = url ? await resolver.resolve(url) : null;
      if (!found) return void res.status(NOT_FOUND.data.status).json(NOT_FOUND);
      const { post, ancestors, rules } = found;
      const author = await new UserRepository(store).get(post.author);
      const target: OembedPost = {
        id: post.id,
        type: post.type,
        // get_the_title() outside the REST API: protected posts say so.
        title: `${post.password ? 'Protected: ' : ''}${renderer.renderTitle(post.title)}`,
        link: permalink(post, { homeUrl: config.homeUrl, rules, ancestors, canRead: false }),
        author: author ? { name: author.name, url: `${config.homeUrl}/author/${author.slug}/` } : null,
        excerpt: post.password ? '' : renderer.renderExcerpt(post.excerpt, post.content),
        protected: Boolean(post.password),
        featured_media: typeof post.featured_media === 'number' ? post.featured_media : 0,
        mime_type: typeof post.mime_type === 'string' ? post.mime_type : '',
      };
      res.json(target);
    } catch (err) {
      log.error({ err }, 'oEmbed post lookup failed');
      const body = errorBody('internal_server_error');
      res.status(body.data.status).json(body);
    }
  });
}
