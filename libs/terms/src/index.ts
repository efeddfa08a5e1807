/**
 * @loom/terms: WordPress's term rules over a service's own store (insert, update, delete, unique slugs, queries,
 * counts), shared by every service that owns taxonomies. No HTTP here: each service's handlers shape the answers.
 */
export * from './repository';
export * from './counts';
