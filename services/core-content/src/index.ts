export * from './service';
/** The post-like machinery, for modules built on it (revisions and autosaves register through onPostLifecycle). */
export * as posts from './post-types';
