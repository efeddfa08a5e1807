/**
 * Response shaping shared by every resource: per-context field filtering from the contract's field lists,
 * WordPress's `_fields` filter (with dotted nested paths), and the `_envelope` wrapper.
 */
import type { Context, FieldDef, ResourceDef } from '@loom/contracts';

/** Keeps the fields (and nested sub-fields) whose context list includes `context`. */
export function filterByContext(res: ResourceDef, data: Record<string, unknown>, context: Context): Record<string, unknown> {
  return filterFields(res.fields, data, context);
}

function filterFields(fields: Record<string, FieldDef>, data: Record<string, unknown>, context: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const f = fields[key];
    if (!f) {
      // Not a schema field: `_links`/`_embedded` and extras travel unchanged.
      if (key.startsWith('_')) out[key] = value;
      continue;
    }
    if (!f.context.includes(context)) continue;
    out[key] = f.properties && value && typeof value === 'object' && !Array.isArray(value) ? filterFields(f.properties, value as Record<string, unknown>, context) : value;
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

type FieldTree = { [key: string]: FieldTree | true };

function buildTree(paths: string[]): FieldTree {
  const tree: FieldTree = {};
  for (const path of paths) {
    let node: FieldTree = tree;
    const parts = path.split('.');
    parts.forEach((part, i) => {
      if (node[part] === true) return; // a parent was requested whole
      if (i === parts.length - 1) node[part] = true;
      else node = (node[part] ??= {}) as FieldTree;
    });
  }
  return tree;
}

function pick(value: unknown, tree: FieldTree): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(tree)) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    out[key] = sub === true ? v : pick(v, sub);
  }
  return out;
}

/** rest_filter_response_fields: applied to an object or to each item of a list. */
export function applyFields(body: unknown, paths: string[]): unknown {
  const tree = buildTree(paths);
  if (Array.isArray(body)) return body.map((item) => pick(item, tree));
  return pick(body, tree);
}
