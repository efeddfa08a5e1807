/** core/v2's contracts: the route arguments WordPress declares for terms and post-like types. */
import { routeEntry, toWpArg } from '@loom/contracts';
import '../src';
import * as core from '../src/routes';

describe('term routes', () => {
  test('term routes follow spec set T: offset only on tags, parent only on categories', () => {
    const catArgs = Object.keys(core.termRoutesOf('category').collection.endpoints.list.args);
    const tagArgs = Object.keys(core.termRoutesOf('post_tag').collection.endpoints.list.args);
    expect(catArgs).toEqual([
      'context',
      'page',
      'per_page',
      'search',
      'exclude',
      'include',
      'order',
      'orderby',
      'hide_empty',
      'parent',
      'post',
      'slug',
    ]);
    expect(tagArgs).toEqual([
      'context',
      'page',
      'per_page',
      'search',
      'exclude',
      'include',
      'offset',
      'order',
      'orderby',
      'hide_empty',
      'post',
      'slug',
    ]);
    expect(toWpArg(core.termRoutesOf('category').collection.endpoints.create.args.name)).toMatchObject({
      type: 'string',
      required: true,
    });
    expect(toWpArg(core.termRoutesOf('category').item.endpoints.update.args.name)).toMatchObject({ required: false });
  });
});

describe('post-like routes', () => {
  test('hidden args (create refuses an id) are declared but never listed', () => {
    const create = core.postTypeRoutesOf('post').collection.endpoints.create;
    expect(Object.keys(create.args)).toContain('id');
    expect(
      Object.keys(routeEntry(core.postTypeRoutesOf('post').collection, 'http://s/rest').endpoints[1]!.args),
    ).not.toContain('id');
  });

  test('status sets of spec 2.1: the write set is the filter set without the internal statuses and `any`', () => {
    const internal = [
      'trash',
      'auto-draft',
      'inherit',
      'request-pending',
      'request-confirmed',
      'request-failed',
      'request-completed',
      'x-rewrite-republish',
      'any',
    ];
    expect(core.FILTER_STATUSES.filter((s) => !internal.includes(s))).toEqual([...core.WRITE_STATUSES]);
    expect(toWpArg(core.postTypeRoutesOf('post').item.endpoints.update.args.status!)).toMatchObject({
      type: 'string',
      enum: [...core.WRITE_STATUSES],
      required: false,
    });
  });
});
