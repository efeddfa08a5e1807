/**
 * What the engine reads of core/v2's contracts: the registry and its definition DSL, and the route contracts of
 * the controllers it holds (posts, terms, revisions, templates). The whole core/v2 route table is src/routes.ts.
 */
export * from './registry';
export * from './posts';
export * from './text-arg';
export * from '../terms/contract';
export * from '../revisions/contract';
export * from '../templates/contract';
