/**
 * The site options comment mail reads, from the environment until the settings resource stores them (WordPress's
 * defaults: both notifications on), and the site's name and admin address (docs/configuration.md).
 */
import { envSwitch, type KitConfig } from '@loom/service-kit';
import type { NotifyOptions } from './recipients';
import type { MailSite } from './texts';

export interface CommentMailSettings extends NotifyOptions {
  /** admin_email: the moderators' address. */
  adminEmail: string;
  site: MailSite;
}

export function loadCommentMailSettings(config: KitConfig, env: NodeJS.ProcessEnv = process.env): CommentMailSettings {
  return {
    commentsNotify: envSwitch(env, 'LOOM_COMMENTS_NOTIFY', true),
    moderationNotify: envSwitch(env, 'LOOM_MODERATION_NOTIFY', true),
    adminEmail: env.LOOM_ADMIN_EMAIL || 'admin@example.com',
    site: {
      name: env.LOOM_SITE_NAME || 'Loom',
      homeUrl: config.homeUrl,
      // admin_url() is under the site URL (LOOM_BASE_URL), where WordPress's admin screens would be.
      adminUrl: `${config.baseUrl}/wp-admin/`,
    },
  };
}
