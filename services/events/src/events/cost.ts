/**
 * An event's cost as The Events Calendar keeps and shows it (Tribe__Cost_Utils, tribe_get_cost): the cost is kept
 * as written, with the currency symbol and position read off it (parse_currency_symbol / _position, which find
 * none in a range such as "10 - 25"); it is shown as its lowest and highest amounts ("$10 – $25"), 0 as "Free",
 * with the event's symbol or else the site's (settings.ts); `cost_details.values` lists the amounts, smallest first.
 * The parsing quirks are the plugin's, kept so that answers match it.
 */
import { sanitizeTitle } from '@loom/contracts';
import { escAttr as escHtml } from '@loom/rendering';
import type { EventSettings } from '../settings';

export interface StoredCost {
  /** The cost as written ('' when none). */
  cost: string;
  currency_symbol: string;
  currency_position: '' | 'prefix' | 'postfix';
}

/** PHP's is_numeric() for strings. */
const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
const isNumeric = (v: string) => NUMERIC.test(v);

/** get_cost_regex(): an amount, with an optional separator before it and one inside it. */
const COST = /[,.]?(\d+)[,.]?(\d*)/g;

/** PHP's comparison of array keys in ksort(): numbers as numbers, anything else as strings. */
function compareKeys(a: string, b: string): number {
  if (isNumeric(a) && isNumeric(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * parse_cost_range(): the amounts in the costs, keyed by their value at a common number of decimals (or, for a
 * cost without digits, by its sanitized text), sorted by key unless `sort` is false.
 */
function parseCostRange(costs: string[], sort = true): [key: string, value: string][] {
  let decimals = 0;
  const parts: string[] = [];
  for (const cost of costs) {
    const matches = [...cost.matchAll(COST)];
    if (!matches.length) {
      parts.push(cost);
      continue;
    }
    parts.push(...matches.map((m) => m[0]));
    decimals = Math.max(decimals, ...matches.map((m) => m[2]!.length));
  }
  const out = new Map<string, string>();
  for (const cost of parts) {
    const numeric = cost.replace(/[,.]/g, '.');
    out.set(isNumeric(numeric) ? Number(numeric).toFixed(decimals).replace('.', '') : sanitizeTitle(numeric), cost);
  }
  const entries = [...out];
  return sort ? entries.sort(([a], [b]) => compareKeys(a, b)) : entries;
}

const eventCosts = (cost: string) => (cost === '' ? [] : parseCostRange([cost]));

/** parse_separators() in an English locale: the decimal and thousands separators a value seems to use. */
function separators(value: string): [decimal: string, thousands: string] {
  const found = value.match(/[.,]+/g);
  if (!found) return ['.', ','];
  if (new Set(found).size > 1) return [found[found.length - 1]!, found[0]!];
  const last = found[found.length - 1]!;
  // One kind only: a decimal separator unless exactly three digits follow it.
  return value.split(last).pop()!.length !== 3 ? [last, last === '.' ? ',' : '.'] : ['.', ','];
}

/** get_cost_values(): the amounts as numbers (the key of a cost without digits, e.g. "free"), ascending. */
export function costValues(cost: string): string[] {
  const values = eventCosts(cost).map(([key, value]) => {
    const [decimal, thousands] = separators(value);
    const v = value.split(thousands).join('').split(decimal).join('.');
    return isNumeric(v) ? v : key;
  });
  // sort( SORT_NUMERIC ): what is not a number counts as 0.
  return values.sort((a, b) => (parseFloat(a) || 0) - (parseFloat(b) || 0));
}

/** get_cost_by_func(): the lowest or highest amount; a lone cost without digits as written; 0 when none. */
function costBy(costs: [string, string][], fn: 'min' | 'max'): string {
  const parsed = parseCostRange(costs.map(([, v]) => v));
  if (parsed.length === 1 && !isNumeric(parsed[0]![1])) return parsed[0]![1];
  const numeric = parsed.filter(([, v]) => isNumeric(v));
  const cost = numeric.length ? numeric[fn === 'min' ? 0 : numeric.length - 1]![1] : '';
  return cost === '' || cost === '0' ? '0' : cost;
}

/** maybe_replace_cost_with_free(). */
function freeIfZero(cost: string): string {
  const n = cost.replace(/[.,]/g, '.');
  return isNumeric(n) && Number(n) >= 0 && Number(n) < 0.005 ? 'Free' : cost;
}

/** PHP's `==` between two strings: numerically when both are numbers. */
const looseEqual = (a: string, b: string) => (isNumeric(a) && isNumeric(b) ? Number(a) === Number(b) : a === b);

/**
 * get_formatted_event_cost(): "min – max" (one amount when they are equal); with `symbol`, each amount that is a
 * number gets the event's currency symbol, else the site's, on the event's side, else the site's.
 */
export function formatCost(c: StoredCost, settings: EventSettings, symbol: boolean): string {
  const costs = eventCosts(c.cost);
  if (!costs.length) return '';
  const format = (amount: string) => {
    let out = freeIfZero(amount);
    if (symbol && isNumeric(out.replace(/[,.]/g, ''))) {
      const sign = c.currency_symbol || settings.currencySymbol;
      out = (c.currency_position || settings.currencyPosition) === 'prefix' ? `${sign}${out}` : `${out}${sign}`;
    }
    return escHtml(out);
  };
  const min = format(costBy(costs, 'min'));
  const max = format(costBy(costs, 'max'));
  return looseEqual(min, max) ? min : `${min} – ${max}`;
}

/** parse_currency_symbol(): the text around every amount, when it is the same for all ('' or false otherwise). */
function currencySymbol(originals: string[]): string | false {
  const symbols: string[] = [];
  let i = 0;
  for (const [key, value] of parseCostRange(originals, false)) {
    if (isNumeric(key)) {
      symbols.push((originals[i] ?? '').split(value).join('').trim());
      if (symbols[symbols.length - 1] !== symbols[0]) return false;
    }
    i++;
  }
  return symbols.length ? symbols[0]! : false;
}

/** What a write of `cost` stores: the cost as written, its currency symbol and position (parse_currency_*). */
export function parseCost(input: string | number): StoredCost {
  const cost = String(input).trim();
  const empty = cost === '' || cost === '0';
  const originals = cost.split(/\s*,\s*/);
  const symbol = empty ? false : currencySymbol(originals);
  let position: StoredCost['currency_position'] = '';
  if (symbol) {
    const positions = originals
      .map((o) => o.trim().indexOf(symbol))
      .filter((p) => p >= 0)
      .map((p) => (p === 0 ? 'prefix' : 'postfix'));
    if (positions.length && positions.every((p) => p === positions[0])) position = positions[0]!;
  }
  return { cost, currency_symbol: symbol || '', currency_position: position };
}

/** The JSON-LD offer's price: the cost without symbol, "Free" as 0 (Tribe__Events__JSON_LD__Event::normalize_price). */
export function offerPrice(c: StoredCost, settings: EventSettings): string {
  const price = formatCost(c, settings, false);
  return /^\s*Free\s*$/i.test(price) ? '0' : price;
}
