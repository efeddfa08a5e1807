/**
 * Response shaping shared by every resource: per-context field filtering from the contract's field lists,
 * WordPress's `_fields` filter (with dotted nested paths), and the `_envelope` wrapper.
 */
import { own, type Context, type FieldDef, type ResourceDef } from '@loom/contracts';

/** Keeps the fields (and nested sub-fields) whose context list includes `context`. */
export function filterByContext(
  res: ResourceDef,
  data: Record<string, unknown>,
  context: Context,
): Record<string, unknown> {
  return filterFields(res.fields, data, context);
}

function filterFields(
  fields: Record<string, FieldDef>,
  data: Record<string, unknown>,
  context: Context,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const f = own(fields, key);
    if (!f) {
      // Not a schema field: `_links`/`_embedded` and extras travel unchanged.
      if (key.startsWith('_')) out[key] = value;
      continue;
    }
    if (!f.context.includes(context)) continue;
    out[key] =
      f.properties && value && typeof value === 'object' && !Array.isArray(value)
        ? filterFields(f.properties, value as Record<string, unknown>, context)
        : value;
  }
  return out;
}

/** `_fields=a,b.c` or `_fields[]=a`: the requested paths, trimmed, empty ones dropped. */
export function parseFieldsParam(raw: unknown): string[] | null {
  if (raw === undefined || raw === null) return null;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(/[\s,]+/) : []));
  const list = parts.map((s) => s.trim()).filter(Boolean);
  return list.length ? list : null;
}

/** The requested paths as a tree. Maps, not objects: a client's `__proto__.x` is a name like any other. */
type FieldTree = Map<string, FieldTree | true>;

function buildTree(paths: string[]): FieldTree {
  const tree: FieldTree = new Map();
  for (const path of paths) {
    let node: FieldTree = tree;
    const parts = path.split('.');
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const sub = node.get(part);
      if (sub === true) break; // a parent was requested whole
      if (i === parts.length - 1) node.set(part, true);
      else if (sub) node = sub;
      else node.set(part, (node = new Map()));
    }
  }
  return tree;
}

function pick(value: unknown, tree: FieldTree): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    // Own keys only: inherited members (`constructor`, `toString`) are not fields.
    if (!Object.hasOwn(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    // defineProperty: an own `__proto__` field stays a field of the copy instead of becoming its prototype.
    Object.defineProperty(out, key, {
      value: sub === true ? v : pick(v, sub),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * rest_filter_response_fields: applied to an object or to each item of a list. An item left with no field is
 * PHP's empty array, `[]`, as WordPress answers it.
 */
export function applyFields(body: unknown, paths: string[]): unknown {
  const tree = buildTree(paths);
  const filtered = (item: unknown) => {
    const out = pick(item, tree);
    return out && typeof out === 'object' && !Array.isArray(out) && Object.keys(out).length === 0 ? [] : out;
  };
  return Array.isArray(body) ? body.map(filtered) : filtered(body);
}
