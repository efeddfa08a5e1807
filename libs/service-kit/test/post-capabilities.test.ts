/** Post meta capabilities (map_meta_cap's edit_post, delete_post, read_post, publish_post) over the default roles. */
import type { Identity, Role } from '@loom/contracts';
import { can, capabilityType, type CapPost } from '../src';

const user = (role: Role, id = 10): Identity => ({ id, login: role, name: role, roles: [role], iat: 0 });
const OWN = 10;
const OTHER = 99;
const post = (status: string, author = OWN, extra: Partial<CapPost> = {}): { post: CapPost } => ({
  post: { author, status, type: 'post', caps: capabilityType('posts'), ...extra },
});
const page = (status: string, author = OWN, extra: Partial<CapPost> = {}): { post: CapPost } => ({
  post: { author, status, type: 'page', caps: capabilityType('pages'), ...extra },
});

describe('edit_post', () => {
  test.each([
    // role, own draft, own published, others' draft, others' published, others' private
    ['subscriber', false, false, false, false, false],
    ['contributor', true, false, false, false, false],
    ['author', true, true, false, false, false],
    ['editor', true, true, true, true, true],
    ['administrator', true, true, true, true, true],
  ] as const)('%s', (role, ownDraft, ownPublished, othersDraft, othersPublished, othersPrivate) => {
    const u = user(role);
    expect([
      can(u, 'edit_post', post('draft')),
      can(u, 'edit_post', post('publish')),
      can(u, 'edit_post', post('draft', OTHER)),
      can(u, 'edit_post', post('publish', OTHER)),
      can(u, 'edit_post', post('private', OTHER)),
    ]).toEqual([ownDraft, ownPublished, othersDraft, othersPublished, othersPrivate]);
  });

  test('scheduled counts as published; a trashed post as what it was; pending as a draft', () => {
    const contributor = user('contributor');
    expect(can(contributor, 'edit_post', post('future'))).toBe(false);
    expect(can(contributor, 'edit_post', post('pending'))).toBe(true);
    expect(can(contributor, 'edit_post', post('trash', OWN, { trashedFrom: 'draft' }))).toBe(true);
    expect(can(contributor, 'edit_post', post('trash', OWN, { trashedFrom: 'publish' }))).toBe(false);
    expect(can(user('author'), 'edit_post', post('trash', OWN, { trashedFrom: 'publish' }))).toBe(true);
  });

  test('nobody is the author of a post without one; anonymous callers can do nothing; a missing post is never allowed', () => {
    expect(can(user('author', 0), 'edit_post', post('draft', 0))).toBe(false);
    expect(can(null, 'edit_post', post('draft'))).toBe(false);
    expect(can(user('administrator'), 'edit_post')).toBe(false);
  });

  test('pages use the page primitives: authors and contributors cannot edit even their own', () => {
    expect(can(user('author'), 'edit_post', page('draft'))).toBe(false);
    expect(can(user('author'), 'edit_page', page('draft'))).toBe(false);
    expect(can(user('editor'), 'edit_post', page('publish', OTHER))).toBe(true);
  });

  test('a type with its own capability names (theme-options types)', () => {
    const themeCaps = {
      ...capabilityType('posts'),
      edit_posts: 'edit_theme_options',
      edit_others_posts: 'edit_theme_options',
      edit_published_posts: 'edit_theme_options',
    };
    const nav = (status: string, author: number) => ({
      post: { author, status, type: 'wp_navigation', caps: themeCaps },
    });
    expect(can(user('editor'), 'edit_post', nav('publish', OWN))).toBe(false);
    expect(can(user('administrator'), 'edit_post', nav('publish', OTHER))).toBe(true);
  });
});

describe('delete_post', () => {
  test('mirrors edit_post with the delete primitives', () => {
    expect(can(user('contributor'), 'delete_post', post('draft'))).toBe(true);
    expect(can(user('contributor'), 'delete_post', post('publish'))).toBe(false);
    expect(can(user('author'), 'delete_post', post('publish'))).toBe(true);
    expect(can(user('author'), 'delete_post', post('draft', OTHER))).toBe(false);
    expect(can(user('editor'), 'delete_post', post('private', OTHER))).toBe(true);
    expect(can(user('author'), 'delete_page', page('draft'))).toBe(false);
    expect(can(user('editor'), 'delete_page', page('publish', OTHER))).toBe(true);
  });
});

describe('read_post', () => {
  test('public statuses: anyone signed in; the author always; private: read_private_posts; otherwise edit_post', () => {
    expect(can(user('subscriber'), 'read_post', post('publish', OTHER))).toBe(true);
    expect(can(user('subscriber'), 'read_post', post('closed', OTHER, { statusPublic: true }))).toBe(true);
    expect(can(user('subscriber'), 'read_post', post('draft'))).toBe(true);
    expect(can(user('subscriber'), 'read_post', post('private', OTHER))).toBe(false);
    expect(can(user('editor'), 'read_post', post('private', OTHER))).toBe(true);
    expect(can(user('author'), 'read_post', post('hidden', OTHER, { statusPrivate: true }))).toBe(false);
    expect(can(user('author'), 'read_post', post('draft', OTHER))).toBe(false);
    expect(can(user('editor'), 'read_post', post('draft', OTHER))).toBe(true);
    expect(can(user('author'), 'read_post', post('future', OTHER))).toBe(false);
    expect(can(user('editor'), 'read_post', post('trash', OTHER))).toBe(true);
    expect(can(null, 'read_post', post('publish'))).toBe(false);
  });
});

describe('publish_post', () => {
  test("the type's publish primitive", () => {
    expect(can(user('contributor'), 'publish_post', post('draft'))).toBe(false);
    expect(can(user('author'), 'publish_post', post('draft'))).toBe(true);
    expect(can(user('author'), 'publish_post', page('draft'))).toBe(false);
    expect(can(user('editor'), 'publish_post', page('draft'))).toBe(true);
  });
});
