/** The core/v2 route table: every route core-content serves, in index order. */
import { namespaceRoute, type RouteDef } from '../define';
import { categories, CORE, tags } from './terms';
import { descriptors } from './descriptors';
import { pages, posts } from './posts';
import { pageRevisions, postRevisions } from './revisions';
import { users } from './users';
import { applicationPasswords } from './application-passwords';

export * from './terms';
export * from './posts';
export * from './revisions';
export * from './descriptors';
export * from './users';
export * from './application-passwords';

export const coreRoot = namespaceRoute(CORE);

export const coreRoutes: RouteDef[] = [
  coreRoot,
  // WordPress registers the post types' routes first (posts, pages, ...), then the terms'.
  posts.collection,
  posts.item,
  // WordPress registers each type's revision and autosave routes right after its item route.
  postRevisions.revisions.collection,
  postRevisions.revisions.item,
  postRevisions.autosaves.collection,
  postRevisions.autosaves.item,
  pages.collection,
  pages.item,
  pageRevisions.revisions.collection,
  pageRevisions.revisions.item,
  pageRevisions.autosaves.collection,
  pageRevisions.autosaves.item,
  categories.collection,
  categories.item,
  tags.collection,
  tags.item,
  descriptors.types.collection,
  descriptors.types.item,
  descriptors.statuses.collection,
  descriptors.statuses.item,
  descriptors.taxonomies.collection,
  descriptors.taxonomies.item,
  // WordPress registers users, then application passwords, after the taxonomies.
  users.collection,
  users.item,
  users.me,
  applicationPasswords.collection,
  applicationPasswords.introspect,
  applicationPasswords.item,
] as RouteDef[];
