/** The floating statuses (get_post_stati( [ 'date_floating' => true ] )). */
import { FLOATING_STATUSES, isFloating } from '../src';

test('draft, pending and auto-draft float; no other status does', () => {
  expect(FLOATING_STATUSES).toEqual(['draft', 'pending', 'auto-draft']);
  for (const status of FLOATING_STATUSES) expect(isFloating(status)).toBe(true);
  for (const status of ['publish', 'future', 'private', 'trash', 'inherit', '', 'Draft'])
    expect(isFloating(status)).toBe(false);
});
