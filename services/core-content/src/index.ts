export * from './service';
/** The post-like machinery, for modules built on it (revisions and autosaves register through onPostLifecycle). */
export * as posts from './engine';
/** The core/v2 contracts (registry and routes), for the suites that check the index against them (test/registry.test.ts). */
export * as core from './routes';
