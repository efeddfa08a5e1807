/**
 * Names a client chooses (field lists, parameter and meta keys, header names, sort keys) are data. They are
 * looked up only as a dictionary's own keys and never walked as property paths into live objects, so that
 * `__proto__`, `constructor` or `hasOwnProperty` can neither read nor change what every object inherits.
 */

/** `dict[key]` when `key` is the dictionary's own key; never an inherited member such as `constructor`. */
export function own<T>(dict: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(dict, key) ? dict[key] : undefined;
}

/**
 * JSON.parse for what clients send: objects never carry a `__proto__` key (no route declares one, and code that
 * copies such an object key by key would replace the copy's prototype instead of setting a field).
 */
export function parseClientJson(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value));
}

/** A lone UTF-16 surrogate: a string holding one cannot be encoded as UTF-8 (encodeURIComponent throws on it). */
const LONE_SURROGATE = /\p{Cs}/u;

export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** Whether every string in `value` (keys included, at any depth) is well-formed, i.e. encodable as UTF-8. */
export function isWellFormedDeep(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isWellFormed(value);
  if (value === null || typeof value !== 'object' || depth > 64) return true;
  if (Array.isArray(value)) return value.every((v) => isWellFormedDeep(v, depth + 1));
  return Object.entries(value).every(([k, v]) => isWellFormed(k) && isWellFormedDeep(v, depth + 1));
}
