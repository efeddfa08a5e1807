/**
 * check_has_read_only_access() of the menus and menu items controllers: anyone who may edit theme options or
 * edit posts of any REST type may read menus (contributors included); nobody else, anonymous callers never.
 */
import type { Identity } from '@loom/contracts';
import * as core from '../../routes';
import { can, forbidden, type WpError } from '@loom/service-kit';

export function menuReadAccess(user: Identity | null, message: string): true | WpError {
  if (can(user, 'edit_theme_options') || can(user, 'edit_posts')) return true;
  if (core.allPostTypes().some((t) => can(user, t.cap.edit_posts))) return true;
  return forbidden(user, 'rest_cannot_view', message);
}
