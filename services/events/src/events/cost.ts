/**
 * An event's cost as the plugin keeps and shows it (Tribe__Cost_Utils): the currency symbol and its position are
 * read off what was entered ("$10", "10 €", "10 - 25", "Free"), the cost is kept without the symbol, shown with it,
 * and `cost_details.values` lists the numbers, smallest first, as strings.
 */

export interface Cost {
  cost: string;
  currency_symbol: string;
  currency_position: '' | 'prefix' | 'postfix';
}

const NUMBER = /\d+(?:[.,]\d+)*/g;

/** parse_currency_symbol / parse_currency_position. */
export function parseCost(input: string | number): Cost {
  const raw = String(input).trim();
  const lead = /^([^\d\s.,-]+)\s*(?=\d)/.exec(raw);
  const trail = /(?<=\d)\s*([^\d\s.,-]+)$/.exec(raw);
  if (lead && /\d/.test(raw)) return { cost: raw.slice(lead[0].length).trim(), currency_symbol: lead[1]!, currency_position: 'prefix' };
  if (trail && /\d/.test(raw)) return { cost: raw.slice(0, raw.length - trail[0].length).trim(), currency_symbol: trail[1]!, currency_position: 'postfix' };
  return { cost: raw, currency_symbol: '', currency_position: '' };
}

/** The numbers in a cost, as the plugin's values (thousands separators dropped, decimal comma as point). */
export function costValues(cost: string): string[] {
  const values = (cost.match(NUMBER) ?? []).map((n) => (/,\d{1,2}$/.test(n) ? n.replace(/\./g, '').replace(',', '.') : n.replace(/,/g, '')));
  return values.sort((a, b) => Number(a) - Number(b));
}

/** tribe_get_cost( $id, true ): the numbers with the symbol at its place, a range with an en dash; 0 alone is "Free". */
export function displayCost(c: Cost): string {
  if (!c.cost) return '';
  const values = costValues(c.cost);
  if (!values.length) return c.cost;
  const one = (v: string) => (c.currency_position === 'postfix' ? `${v}${c.currency_symbol}` : `${c.currency_symbol}${v}`);
  const min = values[0]!;
  const max = values[values.length - 1]!;
  if (Number(max) === 0) return 'Free';
  return min === max ? one(min) : `${Number(min) === 0 ? 'Free' : one(min)} – ${one(max)}`;
}
