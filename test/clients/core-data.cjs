/**
 * @wordpress/core-data on a @wordpress/data registry, in Node, as the block editor uses it: api-fetch pointed at the
 * site's /wp-json/ (createRootURLMiddleware) with an application password. Browser globals come from jsdom
 * (core-data's dependencies read `document` and `navigator` when they load). Prints one JSON line of what it saw.
 * Usage: node core-data.cjs <site url> <login> <application password>
 */
require('global-jsdom')('', { url: process.argv[2] });
const { createRegistry } = require('@wordpress/data');
const { store: coreStore } = require('@wordpress/core-data');
const apiFetch = require('@wordpress/api-fetch').default;

const [site, login, password] = process.argv.slice(2);
apiFetch.use(apiFetch.createRootURLMiddleware(`${site}/wp-json/`));
const basic = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
apiFetch.use((options, next) => next({ ...options, headers: { ...options.headers, Authorization: basic } }));

(async () => {
  const registry = createRegistry();
  registry.register(coreStore);
  const select = registry.resolveSelect(coreStore);
  const dispatch = registry.dispatch(coreStore);
  const seen = {};
  // The entity configuration core-data loads from the site's types and taxonomies.
  seen.postTypes = (await select.getPostTypes({ per_page: -1 })).map((t) => t.slug);
  seen.taxonomies = (await select.getTaxonomies({ per_page: -1 })).map((t) => t.slug);
  const saved = await dispatch.saveEntityRecord('postType', 'post', { title: 'From core-data', status: 'draft' });
  seen.saved = { id: saved.id, status: saved.status, title: saved.title.raw };
  const posts = await select.getEntityRecords('postType', 'post', { status: 'draft', per_page: 100 });
  seen.listed = posts.some((p) => p.id === saved.id);
  const one = await select.getEntityRecord('postType', 'post', saved.id);
  seen.read = { id: one.id, title: one.title.rendered };
  const edited = await dispatch.saveEntityRecord('postType', 'post', { id: saved.id, title: 'Edited by core-data' });
  seen.edited = edited.title.raw;
  seen.deleted = await dispatch.deleteEntityRecord('postType', 'post', saved.id, { force: true });
  const category = await dispatch.saveEntityRecord('taxonomy', 'category', { name: 'From core-data' });
  seen.category = category.name;
  process.stdout.write(`${JSON.stringify(seen)}\n`);
  process.exit(0);
})().catch((e) => {
  process.stderr.write(`core-data client failed: ${e && (e.stack || JSON.stringify(e))}\n`);
  process.exit(1);
});
