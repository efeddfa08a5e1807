/**
 * Changes a type's controller makes to the posts controller's text objects (the blocks controller shows
 * title.raw in view context and no `rendered`; navigation adds the embed context): on the item schema's field,
 * and on the write argument of the same name, whose index entry lists the same sub-properties.
 */
import type { ZodTypeAny } from 'zod';
import { type FieldDef, toWpSchema, wp, type Context } from '@loom/contracts';

/** Per sub-property: its new contexts, or null to remove it. Sub-properties keep their order. */
export type PropertyEdits = Readonly<Record<string, readonly Context[] | null>>;

function edited<T extends { context?: Context[] }>(
  properties: Record<string, T>,
  edits: PropertyEdits,
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [name, p] of Object.entries(properties)) {
    const edit = Object.hasOwn(edits, name) ? edits[name] : undefined;
    if (edit === null) continue;
    out[name] = edit ? { ...p, context: [...edit] } : p;
  }
  return out;
}

/** A field with its sub-properties edited and, when given, its own contexts replaced. */
export function editField(f: FieldDef, edits: PropertyEdits, context?: readonly Context[]): FieldDef {
  return {
    ...f,
    ...(context ? { context: [...context] } : {}),
    ...(f.properties ? { properties: edited(f.properties, edits) } : {}),
  };
}

/** A write argument whose index entry shows the edited sub-properties (the argument is built per route: safe to mark). */
export function editArg(arg: ZodTypeAny, edits: PropertyEdits): ZodTypeAny {
  const properties = toWpSchema(arg).properties;
  return properties ? wp(arg, { properties: edited(properties, edits) }) : arg;
}
