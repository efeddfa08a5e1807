/**
 * The matrix rows of templates and template parts, with their lookup, revisions and autosaves: every route needs
 * edit_theme_options (administrators); history routes check edit_post on the stored template first.
 */
import type { MatrixWorld, Row } from './harness';

const ADMIN_ONLY = (ok: number) => [401, 403, 403, 403, 403, ok] as [number, number, number, number, number, number];

type Base = 'templates' | 'template-parts';

/** A stored template of `base` (its `theme//slug` id). */
async function stored(w: MatrixWorld, base: Base): Promise<string> {
  return (await w.write(base, { slug: w.unique('tpl'), title: 'Fixture', content: 'first' })).id as string;
}

/** A stored template with one revision (changed once), and that revision's id. */
async function revised(w: MatrixWorld, base: Base): Promise<{ id: string; revision: number }> {
  const id = await stored(w, base);
  await w.write(`${base}/${id}`, { content: 'second' });
  const [latest] = (await w.read(`${base}/${id}/revisions`)) as Array<{ wp_id: number }>;
  return { id, revision: latest!.wp_id };
}

/** A stored template with an autosave of the administrator's, and the autosave's id. */
async function autosaved(w: MatrixWorld, base: Base): Promise<{ id: string; autosave: number }> {
  const id = await stored(w, base);
  return { id, autosave: (await w.write(`${base}/${id}/autosaves`, { content: 'autosaved' })).wp_id as number };
}

const rowsOf = (base: Base, file: string): Row[] => [
  { name: `list ${base}`, method: 'get', path: () => base, expect: ADMIN_ONLY(200) },
  {
    name: `create a ${base} item`,
    method: 'post',
    path: () => base,
    body: (w) => ({ slug: w.unique('tpl'), title: 'New' }),
    expect: ADMIN_ONLY(201),
  },
  {
    name: `${base} lookup`,
    method: 'get',
    path: () => `${base}/lookup?slug=single-post-hello`,
    expect: ADMIN_ONLY(200),
  },
  {
    name: `read a theme file of ${base}`,
    method: 'get',
    path: () => `${base}/atelier//${file}`,
    expect: ADMIN_ONLY(200),
  },
  {
    name: `update a stored ${base} item`,
    method: 'post',
    path: async (w) => `${base}/${await stored(w, base)}`,
    body: () => ({ title: 'Changed' }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: `delete a stored ${base} item`,
    method: 'delete',
    path: async (w) => `${base}/${await stored(w, base)}?force=true`,
    expect: ADMIN_ONLY(200),
  },
  // Permission first: only administrators learn that a theme file cannot be deleted.
  {
    name: `delete a theme file of ${base}`,
    method: 'delete',
    path: () => `${base}/atelier//${file}`,
    expect: ADMIN_ONLY(400),
  },
  {
    name: `list ${base} revisions`,
    method: 'get',
    path: async (w) => `${base}/${(await revised(w, base)).id}/revisions`,
    expect: ADMIN_ONLY(200),
  },
  {
    name: `read a ${base} revision`,
    method: 'get',
    path: async (w) => {
      const r = await revised(w, base);
      return `${base}/${r.id}/revisions/${r.revision}`;
    },
    expect: ADMIN_ONLY(200),
  },
  {
    name: `delete a ${base} revision`,
    method: 'delete',
    path: async (w) => {
      const r = await revised(w, base);
      return `${base}/${r.id}/revisions/${r.revision}?force=true`;
    },
    expect: ADMIN_ONLY(200),
  },
  {
    name: `list ${base} autosaves`,
    method: 'get',
    path: async (w) => `${base}/${(await autosaved(w, base)).id}/autosaves`,
    expect: ADMIN_ONLY(200),
  },
  {
    name: `autosave a ${base} item`,
    method: 'post',
    path: async (w) => `${base}/${await stored(w, base)}/autosaves`,
    body: () => ({ content: 'autosaved' }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: `read a ${base} autosave`,
    method: 'get',
    path: async (w) => {
      const a = await autosaved(w, base);
      return `${base}/${a.id}/autosaves/${a.autosave}`;
    },
    expect: ADMIN_ONLY(200),
  },
];

export const templatesRows: Row[] = [...rowsOf('templates', 'index'), ...rowsOf('template-parts', 'header')];
