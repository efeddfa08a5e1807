/**
 * The site options comment mail reads (the discussion options' comments_notify and moderation_notify, WordPress's
 * defaults: both on), and the site's name and admin address (docs/configuration.md).
 */
import type { KitConfig } from '@loom/service-kit';
import { loadDiscussionSettings } from '../discussion';
import type { NotifyOptions } from './recipients';
import type { MailSite } from './texts';

export interface CommentMailSettings extends NotifyOptions {
  /** admin_email: the moderators' address. */
  adminEmail: string;
  site: MailSite;
}

export function loadCommentMailSettings(config: KitConfig, env: NodeJS.ProcessEnv = process.env): CommentMailSettings {
  // comments_notify and moderation_notify are discussion options: read where the others are.
  const { commentsNotify, moderationNotify } = loadDiscussionSettings(env);
  return {
    commentsNotify,
    moderationNotify,
    adminEmail: env.LOOM_ADMIN_EMAIL || 'admin@example.com',
    site: {
      name: env.LOOM_SITE_NAME || 'Loom',
      homeUrl: config.homeUrl,
      // admin_url() is under the site URL (LOOM_BASE_URL), where WordPress's admin screens would be.
      adminUrl: `${config.baseUrl}/wp-admin/`,
    },
  };
}
