/**
 * WP_REST_Post_Format_Search_Handler: the post formats (get_post_format_strings(), in its order) whose slug or name
 * contains the search (case-insensitive), each only when get_post_format_link() has a link for it, that is when its
 * `post_format` term exists. WordPress creates that term the first time a post of any status is given the format;
 * Loom keeps formats on the posts, so a format counts once a published post has it (never `standard`, which has
 * no term). A page is sliced from that list; ids are the slugs; include, exclude and subtype play no part.
 */
import { POSTS, type PostDoc } from '../../engine/repository';
import { POST_FORMATS } from '../../engine/contract/posts';
import type { SearchHandler, SearchHit } from './handler';

/** get_post_format_strings(). */
const FORMAT_NAMES: Record<(typeof POST_FORMATS)[number], string> = {
  standard: 'Standard',
  aside: 'Aside',
  chat: 'Chat',
  gallery: 'Gallery',
  link: 'Link',
  image: 'Image',
  quote: 'Quote',
  status: 'Status',
  video: 'Video',
  audio: 'Audio',
};

export const postFormatSearch: SearchHandler = {
  async search(req, q) {
    const needle = q.search.toLowerCase();
    const matching = POST_FORMATS.filter(
      (f) => !needle || f.includes(needle) || FORMAT_NAMES[f].toLowerCase().includes(needle),
    );
    const posts = req.store.collection<PostDoc>(POSTS);
    const used = new Set<string>();
    for (const f of matching.filter((m) => m !== 'standard'))
      if ((await posts.find({ status: 'publish', format: f }, { limit: 1 })).length) used.add(f);
    const found = matching.filter((f) => used.has(f));
    const page = found.slice((q.page - 1) * q.perPage, q.page * q.perPage);
    const hits: SearchHit[] = page.map((f) => ({
      // get_post_format_link(): the format's term archive, /type/<slug>/ under pretty permalinks.
      data: { id: f, title: FORMAT_NAMES[f], url: `${req.config.homeUrl}/type/${f}/`, type: 'post-format' },
      links: {},
    }));
    return { hits, total: found.length };
  },
};
