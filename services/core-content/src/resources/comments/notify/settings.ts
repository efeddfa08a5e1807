/**
 * What comment mail reads, at the moment it is sent: the discussion options' comments_notify and
 * moderation_notify, and the site's title and admin address (site options, live: resources/settings).
 */
import type { KitConfig } from '@loom/service-kit';
import type { NotifyOptions } from './recipients';
import type { MailSite } from './texts';

export interface CommentMailSettings extends NotifyOptions {
  /** admin_email: the moderators' address. */
  adminEmail: string;
  site: MailSite;
}

export function commentMailSettings(config: KitConfig): CommentMailSettings {
  const o = config.site.current();
  return {
    commentsNotify: o.comments_notify,
    moderationNotify: o.moderation_notify,
    adminEmail: o.email,
    site: {
      name: o.title,
      homeUrl: config.homeUrl,
      // admin_url() is under the site URL (LOOM_BASE_URL), where WordPress's admin screens would be.
      adminUrl: `${config.baseUrl}/wp-admin/`,
    },
  };
}
