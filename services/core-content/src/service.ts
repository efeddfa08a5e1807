/**
 * core-content: the core/v2 namespace. This file lists the service's routes and bindings and prepares its
 * store; main.ts runs it, tests build it in-process, cli.ts shares its store preparation (and its commands run here
 * while this process holds the store).
 */
// The lists register the site's post types and taxonomies (WordPress's init): everything below reads them.
import './taxonomies';
import './types';
import * as core from './routes';
import {
  createServiceApp,
  keepSiteOptionsFollower,
  type KitConfig,
  type Logger,
  type ServiceDefinition,
} from '@loom/service-kit';
import type { Store } from '@loom/store';
import { applicationPasswordBindings } from './resources/application-passwords/handlers';
import { ensureAppPasswordIndexes } from './resources/application-passwords/repository';
import { ensureSessionIndexes } from './resources/users/sessions';
import { mountInternalAuth } from './site/auth/internal';
import { mountCli } from './site/cli/route';
import { mountOembedPost } from './site/oembed-post/internal';
import {
  activateMedia,
  ensureMediaIndexes,
  loadMediaSettings,
  mediaBindings,
  mountUploads,
  startOrphanSweep,
  upgradeStoredAttachments,
} from './types/attachment';
import { descriptorBindings } from './resources/descriptors';
import { postItemEmbedder, termItemEmbedder, termsOfPostEmbedder, userEmbedder } from './engine/embedded';
import { mediaItemEmbedder } from './engine/media/embedded';
import { ensurePostIndexes, POST_TYPE_BEHAVIOURS, postTypeRouteBindings, postTypeWrites } from './engine';
import { ensureRevisionIndexes, registerRevisionLifecycle, revisionBindings } from './engine/revisions';
import { templateRouteBindings } from './engine/templates';
import { menuLocationBindings } from './resources/menu-locations/handlers';
import { blockTypeBindings } from './resources/block-types/handlers';
import { blockRendererBindings } from './resources/block-renderer/handlers';
import { globalStylesBindings } from './resources/global-styles/handlers';
import { themeBindings } from './resources/themes/handlers';
import { blockPatternBindings } from './resources/block-patterns/handlers';
import { registerMenuLifecycle, rememberMenuSite } from './types/nav-menu-item/lifecycle';
import { ensureOptionIndexes } from './site/options';
import { TAXONOMY_BEHAVIOURS, taxonomyRouteBindings } from './engine/terms';
import { ensureTermIndexes, seedDefaultTerms } from '@loom/terms';
import { activateTheme, loadThemeSettings } from './site/theme';
import { mountThemeFiles } from './site/theme/files';
import { ensureAuthorshipIndexes } from './resources/users/authorship';
import { bootstrapAdmin } from './resources/users/bootstrap';
import { resolveCaller } from './resources/users/caller';
import { userBindings } from './resources/users/handlers';
import { ensureUserIndexes } from './resources/users/repository';
import { startAnswerCache } from './site/answer-cache';
import { startMailHandoff } from './site/mail/handoff';
import { loadMailHandoffSettings } from './site/mail/settings';
import { activateDiscussion } from './resources/comments/discussion';
import { settingsBindings } from './resources/settings/handlers';
import { followStoredOptions, mountSiteOptionsEndpoint } from './resources/settings/live';
import { commentBindings } from './resources/comments/handlers';
import { searchBindings } from './resources/search/handlers';
import { createEventsClient, eventEmbedder, registerEventsClient } from './resources/search/events';
import { registerCommentLifecycle } from './resources/comments/lifecycle';
import { ensureCommentIndexes } from './resources/comments/repository';
import { ensureFloodIndexes } from './resources/comments/rules';

const postTypes = [...POST_TYPE_BEHAVIOURS().values()];
const taxonomies = [...TAXONOMY_BEHAVIOURS().values()];
// Revisions and menus follow every post save and delete (engine/lifecycle.ts), whichever route or process made it.
registerRevisionLifecycle();
registerMenuLifecycle();
registerCommentLifecycle();

export const coreContent: ServiceDefinition = {
  name: 'core-content',
  namespaces: [core.CORE],
  routes: core.coreRoutes(),
  bindings: [
    ...postTypeRouteBindings(),
    ...postTypes.flatMap((t) => revisionBindings(t, postTypeWrites(t))),
    ...mediaBindings,
    ...templateRouteBindings(),
    ...taxonomyRouteBindings(),
    ...descriptorBindings,
    ...userBindings,
    ...applicationPasswordBindings,
    ...menuLocationBindings,
    ...commentBindings,
    ...searchBindings,
    ...settingsBindings,
    ...blockTypeBindings,
    ...blockRendererBindings,
    ...globalStylesBindings,
    ...themeBindings,
    ...blockPatternBindings,
  ],
  // Callers are users of this store: a signed identity for a user that is gone is nobody.
  resolveUser: resolveCaller,
  embedders: [
    userEmbedder,
    ...taxonomies.map(termItemEmbedder),
    ...taxonomies.map(termsOfPostEmbedder),
    // Attachments read by their own rule (an inherit attachment follows its parent), before the generic post embedder.
    mediaItemEmbedder,
    ...postTypes.map(postItemEmbedder),
    // An event search result's `self`: the event, from the events service.
    eventEmbedder,
    // A post's `replies` (comments?post=<id>) is the comments route itself, dispatched in-process.
  ],
  // Service-to-service routes: credential checks and users (auth/internal.ts), which post a URL names, for oembed (site/oembed-post),
  // the CLI's commands while this process holds the embedded store (cli/route.ts).
  extend: (app, deps) => {
    mountInternalAuth(app, deps);
    mountOembedPost(app, deps);
    mountCli(app, deps);
    mountSiteOptionsEndpoint(app, deps);
    // Uploaded files, at ${LOOM_BASE_URL}/uploads/, and the theme's at /wp-content/themes/ (the gateway forwards them).
    mountUploads(app, deps.store);
    mountThemeFiles(app, deps.config);
  },
};

/** Indexes only: safe for any process that opens the store (the service, the CLI). Idempotent. */
export async function ensureIndexes(store: Store): Promise<void> {
  await ensureTermIndexes(store);
  await ensureUserIndexes(store);
  await ensureAppPasswordIndexes(store);
  await ensureSessionIndexes(store);
  await ensureAuthorshipIndexes(store);
  await ensurePostIndexes(store);
  await ensureRevisionIndexes(store);
  await ensureOptionIndexes(store);
  await ensureMediaIndexes(store);
  await ensureCommentIndexes(store);
  await ensureFloodIndexes(store);
}

export interface PrepareOptions {
  config: KitConfig;
  log: Logger;
  /** Where LOOM_ADMIN_* come from (process.env in production, explicit in tests). */
  env: NodeJS.ProcessEnv;
}

/** Indexes, first-start data (the default category, the first administrator) and upgrades of stored data. Idempotent. */
export async function prepareStore(store: Store, opts: PrepareOptions): Promise<void> {
  await ensureIndexes(store);
  await upgradeStoredAttachments(store);
  rememberMenuSite(store, opts.config);
  await seedDefaultTerms(store, core.defaultTerms());
  await bootstrapAdmin(store, { env: opts.env, log: opts.log, homeUrl: opts.config.homeUrl });
}

/**
 * `env` holds the first administrator (LOOM_ADMIN_*), the theme's settings (LOOM_THEME, LOOM_THEME_ROOT,
 * LOOM_MENU_LOCATIONS), the discussion options' initial values (resources/comments/discussion.ts), comment mail's
 * (FORMS_URL...) and search's events client (EVENTS_URL, LOOM_EVENTS_TIMEOUT_MS).
 */
export async function buildApp(
  deps: { config: KitConfig; store: Store; log: Logger },
  env: NodeJS.ProcessEnv = process.env,
) {
  const { theme } = activateTheme(deps.config, loadThemeSettings(env));
  activateMedia(loadMediaSettings(env));
  activateDiscussion(env);
  deps.log.info({ theme: theme.name, dir: theme.dir, blockTheme: theme.isBlockTheme }, 'theme');
  // Before anything holds a collection of the store: the answer cache counts every write made through it.
  const beforeDispatch = startAnswerCache(deps, env);
  await prepareStore(deps.store, { config: deps.config, log: deps.log, env });
  startOrphanSweep(deps.store, deps.log);
  // The site options (resources/settings) as stored, followed from now on.
  const siteOptions = followStoredOptions({ ...deps, env });
  await siteOptions.ready;
  // Comment mail is handed to the forms service through a queue in this store, whose worker starts here.
  await startMailHandoff(deps, loadMailHandoffSettings(env));
  // core/v2/search asks the events service for events (EVENTS_URL, LOOM_EVENTS_TIMEOUT_MS).
  registerEventsClient(deps.config, createEventsClient(deps.config, deps.log, env));
  const app = createServiceApp(beforeDispatch ? { ...coreContent, beforeDispatch } : coreContent, deps);
  keepSiteOptionsFollower(app, siteOptions);
  return app;
}
