/**
 * The plugin's display settings that show in REST answers, with The Events Calendar's defaults: the currency
 * symbol and its position (defaultCurrencySymbol, reverseCurrencyPosition) used for costs written without a
 * symbol, and the ISO 4217 code of JSON-LD offers (defaultCurrencyCode). Read from the environment once per app.
 */
import type { KitConfig, RestRequest } from '@loom/service-kit';

export interface EventSettings {
  currencySymbol: string;
  currencyPosition: 'prefix' | 'postfix';
  currencyCode: string;
}

export function loadEventSettings(env: NodeJS.ProcessEnv = process.env): EventSettings {
  const position = (env.LOOM_EVENTS_CURRENCY_POSITION ?? '').trim().toLowerCase();
  return {
    currencySymbol: env.LOOM_EVENTS_CURRENCY_SYMBOL ?? '$',
    // The plugin's option is a "reverse" checkbox: anything but prefix puts the symbol after the amount.
    currencyPosition: position === 'postfix' || position === 'suffix' ? 'postfix' : 'prefix',
    currencyCode: (env.LOOM_EVENTS_CURRENCY_CODE ?? '').trim() || 'USD',
  };
}

const settings = new WeakMap<KitConfig, EventSettings>();
export const registerEventSettings = (config: KitConfig, s: EventSettings) => settings.set(config, s);
export function eventSettings(req: Pick<RestRequest, 'config'>): EventSettings {
  let s = settings.get(req.config);
  if (!s) settings.set(req.config, (s = loadEventSettings()));
  return s;
}
