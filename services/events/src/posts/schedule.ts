/**
 * Scheduled posts (`future`) of the events store become `publish` once their date has come, as WordPress's
 * cron publishes them. Checked before reads (at most once a second per store): one indexed query.
 */
import type { Store } from '@loom/store';
import { adjustEventTermCounts } from '../event-terms';
import { formatUtc } from '../dates/post-dates';
import { EVENT_TYPE, POSTS, type BasePostDoc } from './repository';

const lastCheck = new WeakMap<Store, number>();

export async function publishDue(store: Store, now = Date.now()): Promise<void> {
  if (now - (lastCheck.get(store) ?? 0) < 1000) return;
  lastCheck.set(store, now);
  const posts = store.collection<BasePostDoc>(POSTS);
  for (const post of await posts.find({ status: 'future', date_gmt: { $lte: formatUtc(now) } }, { limit: 100 })) {
    const done = await posts.updateOne({ id: post.id, status: 'future' }, { $set: { status: 'publish' } });
    if (done && done.type === EVENT_TYPE) await adjustEventTermCounts(store, post, done);
  }
}
