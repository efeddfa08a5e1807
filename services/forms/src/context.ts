/** What the forms handlers share per app (tests build several apps in one process): settings and the mail outbox. */
import type { KitConfig } from '@loom/service-kit';
import type { Outbox } from './mail';
import type { FormsSettings } from './settings';

export interface FormsContext {
  settings: FormsSettings;
  outbox: Outbox;
}

const registry = new WeakMap<KitConfig, FormsContext>();

export const registerForms = (config: KitConfig, ctx: FormsContext): void => void registry.set(config, ctx);

export function formsOf(config: KitConfig): FormsContext {
  const ctx = registry.get(config);
  if (!ctx) throw new Error('forms context not registered for this app');
  return ctx;
}
