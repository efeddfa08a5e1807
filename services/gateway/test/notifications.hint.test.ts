/** A service's change hint (x-loom-change): parsed strictly, and applied by the notification it describes. */
import { formatChangeHint, parseChangeHint } from '@loom/contracts';
import { toNotification } from '../src/notifications/derive';

const write = {
  method: 'POST',
  path: '/formsA/v1/contact-forms/5/feedback',
  status: 200,
  body: { contact_form_id: 5, status: 'mail_sent' },
  userId: 0,
  requestId: 'r1',
};

test('hints round-trip; anything else is no hint', () => {
  expect(parseChangeHint(formatChangeHint('none'))).toBe('none');
  expect(parseChangeHint(formatChangeHint({ resource: 'submissions', action: 'created', item_id: 42 }))).toEqual({
    resource: 'submissions',
    action: 'created',
    item_id: 42,
  });
  expect(parseChangeHint('tags updated abc-1')).toEqual({ resource: 'tags', action: 'updated', item_id: 'abc-1' });
  expect(parseChangeHint('forms deleted')).toEqual({ resource: 'forms', action: 'deleted', item_id: null });
  // A comment's moderation is named by its new status.
  for (const action of ['approved', 'held', 'spammed'] as const)
    expect(parseChangeHint(`comments ${action} 7`)).toEqual({ resource: 'comments', action, item_id: 7 });
  for (const bad of [
    undefined,
    '',
    'submissions exploded 1',
    'a.b created 1',
    'x created 1 2',
    `${'a'.repeat(65)} created 1`,
  ])
    expect(parseChangeHint(bad)).toBeUndefined();
});

test('the hint sets resource, action and item id; `none` publishes nothing; without a hint the path decides', () => {
  expect(toNotification({ ...write, hint: 'none' })).toBeNull();
  expect(toNotification({ ...write, hint: { resource: 'submissions', action: 'created', item_id: 9 } })).toMatchObject({
    resource: 'submissions',
    action: 'created',
    item_id: 9,
    namespace: 'formsA/v1',
    path: write.path,
  });
  expect(toNotification(write)).toMatchObject({ resource: 'contact-forms', action: 'created', item_id: null });
  // A failed write publishes nothing whatever the hint says.
  expect(
    toNotification({ ...write, status: 500, hint: { resource: 'submissions', action: 'created', item_id: 9 } }),
  ).toBeNull();
});
