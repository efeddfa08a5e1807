/**
 * Attachments stored by earlier versions of Loom, brought to what WordPress would hold for them, once per store
 * (site/options.ts's upgradeOnce).
 */
import type { Store } from '@loom/store';
import { upgradeOnce } from '../../site/options';
import { POSTS, type PostDoc } from '../../engine/repository';

export async function upgradeStoredAttachments(store: Store): Promise<void> {
  // Uploads took the comment default for pings, `open`; WordPress gives an attachment
  // get_default_comment_status( 'attachment', 'pingback' ), `closed` (it supports comments, not trackbacks). Once:
  // an `open` written on purpose afterwards stays.
  await upgradeOnce(store, 'attachment_ping_status', async () => {
    await store
      .collection<PostDoc>(POSTS)
      .updateMany({ type: 'attachment', ping_status: 'open' }, { $set: { ping_status: 'closed' } });
  });
}
