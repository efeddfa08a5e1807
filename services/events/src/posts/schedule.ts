/**
 * Scheduled posts (`future`) of the events store become `publish` once their date has come, as WordPress's
 * cron publishes them (@loom/post-engine). Checked before reads, at most once a second per store.
 */
import { createDueCheck, publishDue, type DueCheck } from '@loom/post-engine';
import type { Store } from '@loom/store';
import { adjustEventTermCounts } from '../event-terms';
import { formatUtc } from '../dates/post-dates';
import { EVENT_TYPE, POSTS, type BasePostDoc } from './repository';

const dueChecks = new WeakMap<Store, DueCheck>();

export async function publishDuePosts(store: Store, now = Date.now()): Promise<void> {
  let dueCheck = dueChecks.get(store);
  if (!dueCheck) dueChecks.set(store, (dueCheck = createDueCheck()));
  if (!dueCheck(now)) return;
  await publishDue(store.collection<BasePostDoc>(POSTS), formatUtc(now), {
    // An event's categories and tags count it once it is published.
    async published(post, done) {
      if (done.type === EVENT_TYPE) await adjustEventTermCounts(store, post, done);
    },
  });
}
