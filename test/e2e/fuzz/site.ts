/**
 * The site the fuzzer works on: two administrators (a root that only the harness uses, never a fuzz target,
 * and the fuzzer, replaced when the fuzz deletes, demotes or revokes it), a few items of each kind, and the
 * placeholder values that exist (ids, slugs, uuids read from the list endpoints), re-read as the fuzz goes.
 */
import { call } from './client';
import { pct } from './encode';
import type { Endpoint } from './routes';
import { fillPath } from './routes';
import type { Known } from './values';

export interface Credentials {
  login: string;
  password: string;
}

export const basic = (c: Credentials) => `Basic ${Buffer.from(`${c.login}:${c.password}`).toString('base64')}`;

export class Site {
  fuzzer: Credentials;
  private generation = 0;

  constructor(
    private readonly port: number,
    readonly root: Credentials & { id: number },
    fuzzer: Credentials,
  ) {
    this.fuzzer = fuzzer;
  }

  /** A call as root (setup, probes, repairs). */
  asRoot(method: string, path: string, json?: unknown) {
    return call(this.port, method, path, { authorization: basic(this.root) }, json);
  }

  /** Whether a request touches the root user, which the fuzz must leave alone (by id, in any encoding). */
  touchesRoot(text: string): boolean {
    return new RegExp(`users(?:/|%2F|\\\\)+0*${this.root.id}(?![0-9])`, 'i').test(text);
  }

  /** Replaces the fuzzer when it is no longer a working administrator (deleted, demoted, password revoked). */
  async ensureFuzzer(): Promise<boolean> {
    const me = await call(this.port, 'GET', '/rest/core/v2/users/me?context=edit', {
      authorization: basic(this.fuzzer),
    });
    const roles = (me.body as { roles?: unknown }).roles;
    if (me.status === 200 && Array.isArray(roles) && roles.includes('administrator')) return false;
    const login = `fuzzer${++this.generation}x${Date.now() % 100000}`;
    const made = await this.asRoot('POST', '/rest/core/v2/users', {
      username: login,
      email: `${login}@example.com`,
      password: 'fuzz-password-1',
      roles: ['administrator'],
    });
    if (made.status !== 201)
      throw new Error(`could not replace the fuzzer: ${made.status} ${JSON.stringify(made.body)}`);
    const id = (made.body as { id: number }).id;
    const pw = await this.asRoot('POST', `/rest/core/v2/users/${id}/application-passwords`, { name: 'fuzz' });
    if (pw.status !== 201)
      throw new Error(`could not give the fuzzer a password: ${pw.status} ${JSON.stringify(pw.body)}`);
    this.fuzzer = { login, password: (pw.body as { password: string }).password };
    return true;
  }

  /**
   * A few items of each kind, so that `<id>` placeholders hit real ones. Best effort: a create the fuzz has made
   * impossible (a deleted parent) is skipped; new kinds of routes are filled from what their lists show.
   */
  async seed(tag: string): Promise<void> {
    const post = async (path: string, body: unknown): Promise<Record<string, unknown> | null> => {
      const r = await this.asRoot('POST', `/rest${path}`, body);
      return r.status < 300 ? (r.body as Record<string, unknown>) : null;
    };
    const cat = await post('/core/v2/categories', { name: `Fuzz ${tag} A`, description: 'seed' });
    await post('/core/v2/categories', { name: `Fuzz ${tag} B`, parent: cat?.id ?? 0 });
    const t = await post('/core/v2/tags', { name: `fuzz-${tag}` });
    for (const [type, extra] of [
      ['posts', { categories: cat ? [cat.id] : [], tags: t ? [t.id] : [], sticky: true }],
      ['pages', { menu_order: 2 }],
    ] as const) {
      const p = await post(`/core/v2/${type}`, {
        title: `Fuzz ${tag}`,
        content: '<p>Hello</p>',
        excerpt: 'x',
        status: 'publish',
        ...extra,
      });
      await post(`/core/v2/${type}`, {
        title: `Fuzz ${tag} draft`,
        status: 'draft',
        password: type === 'posts' ? 'secret' : undefined,
      });
      if (p) {
        await post(`/core/v2/${type}/${p.id}`, { title: `Fuzz ${tag} revised`, content: '<p>Hello again</p>' });
        await post(`/core/v2/${type}/${p.id}/autosaves`, { title: `Fuzz ${tag} autosave`, content: 'draft text' });
      }
    }
    await post('/core/v2/users', {
      username: `author${tag}`,
      email: `author${tag}@example.com`,
      password: 'pw-author-1',
      roles: ['author'],
    });
    const fuzzerId = (await call(this.port, 'GET', '/rest/core/v2/users/me', { authorization: basic(this.fuzzer) }))
      .body as { id?: number };
    if (fuzzerId.id) await post(`/core/v2/users/${fuzzerId.id}/application-passwords`, { name: `spare ${tag}` });
    await post('/events/v1/events', {
      title: `Fuzz fair ${tag}`,
      start_date: '2030-09-20 11:00',
      end_date: '2030-09-20 18:00',
      timezone: 'Europe/Paris',
      categories: [`Fairs ${tag}`],
      tags: [`outdoor ${tag}`],
      venue: { venue: `Green ${tag}`, city: 'Appleton' },
      organizer: [{ organizer: `Club ${tag}` }],
    });
    await post('/events/v1/venues', { venue: `Hall ${tag}`, address: '1 Main St' });
    await post('/events/v1/organizers', { organizer: `Guild ${tag}`, email: 'guild@example.com' });
  }

  /**
   * For every route with placeholders, tuples of values that exist: each placeholder is looked up in the list
   * answered by the path before it (`/core/v2/posts` for `/core/v2/posts/<id>`, the route's parent for
   * `by-slug/<slug>`), by its own name (`slug`, `uuid`, `status`), else `id`, else an object's keys.
   * Bounded: at most 3 parents per placeholder and 20 tuples per route.
   */
  async discover(endpoints: Endpoint[]): Promise<{ fills: Map<string, string[][]>; known: Known }> {
    const fills = new Map<string, string[][]>();
    const known: Known = { ids: [], slugs: [] };
    const lists = new Map<string, unknown>();
    const list = async (path: string): Promise<unknown> => {
      if (!lists.has(path)) {
        let r = await this.asRoot('GET', `/rest${path}?context=edit&per_page=100`);
        if (r.status === 400) r = await this.asRoot('GET', `/rest${path}`);
        lists.set(path, r.status === 200 ? r.body : null);
      }
      return lists.get(path);
    };
    const routes = [...new Map(endpoints.filter((e) => e.shape.placeholders.length).map((e) => [e.route, e])).values()];
    for (const ep of routes) {
      let tuples: string[][] = [[]];
      for (const p of ep.shape.placeholders) {
        const next: string[][] = [];
        for (const tuple of tuples.slice(0, 3)) {
          const prefix = fillPath(
            { parts: ep.shape.parts.slice(0, ep.shape.parts.indexOf(p)), placeholders: [] },
            tuple,
          ).replace(/\/+$/, '');
          let values = candidates(await list(prefix), p.name).filter((v) => p.regex.test(v));
          if (!values.length)
            values = candidates(await list(prefix.replace(/\/[^/]*$/, '')), p.name).filter((v) => p.regex.test(v));
          if (p.regex.test('me')) values.unshift('me');
          for (const v of values.slice(0, 20)) next.push([...tuple, v]);
        }
        tuples = next;
        if (!tuples.length) break;
      }
      const usable = tuples
        .filter((t) => t.length === ep.shape.placeholders.length)
        .map((t) => t.map((v) => pct(v)))
        .filter((t) => !this.touchesRoot(fillPath(ep.shape, t)));
      if (usable.length) fills.set(ep.route, usable.slice(0, 20));
    }
    for (const body of lists.values()) {
      for (const v of candidates(body, 'id'))
        if (/^\d+$/.test(v) && Number(v) !== this.root.id) known.ids.push(Number(v));
      for (const v of candidates(body, 'slug')) if (!/^\d+$/.test(v)) known.slugs.push(v);
    }
    known.ids = [...new Set(known.ids)].slice(0, 200);
    known.slugs = [...new Set(known.slugs)].slice(0, 200);
    return { fills, known };
  }
}

/** The values a list answer offers for a placeholder: items' own field of that name, else id, else keys. */
function candidates(body: unknown, name: string): string[] {
  if (!body || typeof body !== 'object') return [];
  const items: unknown[] = Array.isArray(body) ? body : Object.values(body).flatMap((v) => (Array.isArray(v) ? v : []));
  const out: string[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const rec = item as Record<string, unknown>;
    // `parent`, `user_id`: an item's id (a page's own `parent` field is something else).
    const fields = name === 'parent' || /id$/.test(name) ? ['id'] : [name, 'slug', 'uuid', 'id'];
    const v = fields.map((f) => rec[f]).find((x) => typeof x === 'string' || typeof x === 'number');
    if (v !== undefined) out.push(String(v));
  }
  if (!Array.isArray(body) && !out.length) out.push(...Object.keys(body).filter((k) => !k.startsWith('_')));
  return [...new Set(out)];
}
