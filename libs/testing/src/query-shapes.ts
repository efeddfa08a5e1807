/**
 * The query-shapes suites' driver (services' test/query-shapes.test.ts): every GET route a service declares, called
 * with each argument its contract accepts (every value of an enum, every orderby), as several callers, on a store
 * that records what is asked of it (@loom/store's recordingStore); then each recorded shape checked against the
 * declared indexes, offline by MongoDB's planner rules (mongoIndexFor) and the embedded adapter's
 * (embeddedIndexFor), and, when MONGO_URL is set, by MongoDB's own explain().
 */
import type { Express } from 'express';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import { INTERNAL_HEADER } from '@loom/contracts';
import { signInternal, TEST_SECRET } from '@loom/service-kit';
import {
  embeddedIndexFor,
  explainStages,
  isWholeCollection,
  mongoIndexFor,
  openMongoStore,
  recordingStore,
  type QueryShape,
  type Recording,
  type Store,
} from '@loom/store';

/** An argument's schema as the route index shows it (WordPress's JSON Schema subset). */
interface ArgSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  items?: ArgSchema;
  oneOf?: ArgSchema[];
  properties?: Record<string, ArgSchema>;
}

/** The GET endpoints of a service: route pattern → argument schemas. */
export async function getRoutes(app: Express): Promise<Map<string, Record<string, ArgSchema>>> {
  const r = await request(app).get('/_loom/routes').set(INTERNAL_HEADER, signInternal(TEST_SECRET));
  if (r.status !== 200) throw new Error(`/_loom/routes: ${r.status}`);
  const out = new Map<string, Record<string, ArgSchema>>();
  for (const [route, entry] of Object.entries(
    r.body.routes as Record<string, { endpoints: { methods: string[]; args: Record<string, ArgSchema> }[] }>,
  )) {
    const get = entry.endpoints.find((e) => e.methods.includes('GET'));
    if (get) out.set(route, get.args);
  }
  return out;
}

const types = (s: ArgSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const enc = encodeURIComponent;

/**
 * The query strings that exercise one argument: each enum value (of the argument or its items), both booleans, a
 * date, the given ids or text; the object form of a term query (terms, each operator, include_children).
 */
function argQueries(name: string, schema: ArgSchema, value: (name: string) => string | undefined): string[] {
  const given = value(name);
  const t = types(schema);
  const out: string[] = [];
  if (schema.enum) out.push(...schema.enum.map((v) => `${name}=${enc(String(v))}`));
  if (t.includes('boolean')) out.push(`${name}=true`, `${name}=false`);
  if (t.includes('array')) {
    const items = schema.items ?? schema.oneOf?.find((o) => types(o).includes('array'))?.items ?? {};
    if (items.enum) out.push(...items.enum.map((v) => `${name}=${enc(String(v))}`));
    else out.push(`${name}=${enc(given ?? (types(items).includes('string') ? 'a' : '1'))}`);
  }
  if (t.includes('object')) {
    const object = schema.oneOf?.find((o) => types(o).includes('object'));
    const ids = (given ?? '1').split(',');
    const terms = ids.map((id) => `${name}[terms][]=${enc(id)}`).join('&');
    out.push(terms);
    for (const [prop, p] of Object.entries(object?.properties ?? {})) {
      if (p.enum) out.push(...p.enum.map((v) => `${terms}&${name}[${prop}]=${enc(String(v))}`));
      else if (types(p).includes('boolean')) out.push(`${terms}&${name}[${prop}]=true`);
    }
  }
  if (!out.length) {
    if (t.includes('integer') || t.includes('number')) out.push(`${name}=${enc(given ?? '1')}`);
    else if (schema.format === 'date-time') out.push(`${name}=2020-01-01T00:00:00`);
    else out.push(`${name}=${enc(given ?? 'a')}`);
  }
  return out;
}

/** orderby values that order by another argument, which they need to take effect (WordPress's include, relevance). */
const ORDERBY_NEEDS: Record<string, string> = { include: 'include', include_slugs: 'slug', relevance: 'search' };

export interface DriveOptions {
  app: Express;
  /** URL prefix the routes are under (the index's routes start with the namespace). */
  prefix?: string;
  /** The request headers of each caller (asRole(...) or {} for anonymous). */
  callers: Record<string, Record<string, string>>;
  /** A route's path with its parameters filled in (`(?P<id>[\d]+)` → an id that exists), or null to leave it out. */
  path(route: string): string | null;
  /** The value to send for an argument (ids that exist, a search term), when the schema alone says too little. */
  value?(arg: string, route: string): string | undefined;
}

export interface Drive {
  /** Requests made, per answer status. */
  statuses: Record<number, number>;
  /** Routes driven (with their filled-in path). */
  routes: string[];
}

/**
 * Calls every GET route of the app: bare, then once per query string argQueries makes for each argument (orderby
 * values with the argument they order by), as every caller.
 */
export async function driveGetRoutes(opts: DriveOptions): Promise<Drive> {
  const drive: Drive = { statuses: {}, routes: [] };
  for (const [route, args] of await getRoutes(opts.app)) {
    const path = opts.path(route);
    if (path === null) continue;
    drive.routes.push(path);
    const value = (name: string) => opts.value?.(name, route);
    const queries = [''];
    for (const [name, schema] of Object.entries(args)) {
      if (/^\(\?P<\w+>/.test(name) || route.includes(`(?P<${name}>`)) continue; // a path parameter
      for (const q of argQueries(name, schema, value)) {
        const needs = name === 'orderby' ? ORDERBY_NEEDS[decodeURIComponent(q.slice(q.indexOf('=') + 1))] : undefined;
        queries.push(needs && args[needs] ? `${q}&${argQueries(needs, args[needs], value)[0]}` : q);
        if (name === 'orderby') queries.push(`${queries[queries.length - 1]}&order=asc`);
      }
    }
    for (const headers of Object.values(opts.callers)) {
      for (const q of queries) {
        const r = await request(opts.app)
          .get(`${opts.prefix ?? '/rest'}${path}${q ? `?${q}` : ''}`)
          .set(headers);
        drive.statuses[r.status] = (drive.statuses[r.status] ?? 0) + 1;
      }
    }
  }
  return drive;
}

/** One line naming a shape: `posts find {"type":"?",...} sort {"date":-1}`. */
export function describeShape(s: QueryShape): string {
  return `${s.collection} ${s.operation} ${JSON.stringify(s.filter)}${s.sort ? ` sort ${JSON.stringify(s.sort)}` : ''}`;
}

export interface ShapeCheck {
  /** Every recorded shape with the index each adapter serves it with (`-` none). */
  lines: string[];
  /** Shapes no declared index serves on MongoDB (a collection scan there). */
  mongoUncovered: string[];
  /** Filtered shapes the embedded adapter finds no single-field index for (it reads every document). */
  embeddedUncovered: string[];
  /** Shapes that read the whole collection by nature (isWholeCollection: no filter, or only a text search). */
  whole: string[];
}

/** The offline check (see mongoIndexFor, embeddedIndexFor) of every shape recorded. */
export function checkShapes(recording: Recording): ShapeCheck {
  const check: ShapeCheck = { lines: [], mongoUncovered: [], embeddedUncovered: [], whole: [] };
  for (const shape of recording.shapes()) {
    const indexes = recording.indexes().get(shape.collection) ?? [];
    const name = describeShape(shape);
    const mongo = mongoIndexFor(shape, indexes);
    const embedded = embeddedIndexFor(shape, indexes);
    check.lines.push(`${name}  [mongodb: ${mongo ?? '-'}; embedded: ${embedded ?? '-'}]`);
    if (isWholeCollection(shape)) check.whole.push(`${name}${mongo ? ` (walks ${mongo} on MongoDB)` : ''}`);
    else {
      if (!mongo) check.mongoUncovered.push(name);
      if (!embedded) check.embeddedUncovered.push(name);
    }
  }
  return check;
}

/**
 * MongoDB's plan for every recorded shape (its first query, on `store`, a MongoDB store with the service's
 * indexes): the shapes whose winning plan scans the collection or uses no index, with their stages. Shapes that
 * read the whole collection by nature (isWholeCollection) are left out.
 */
export async function explainShapes(store: Store, recording: Recording): Promise<string[]> {
  const failures: string[] = [];
  for (const shape of recording.shapes()) {
    if (isWholeCollection(shape)) continue;
    const stages = await explainStages(store, shape.collection, {
      operation: shape.operation,
      filter: shape.sample.filter,
      options: shape.sample.options,
    });
    const indexed = stages.some(
      (s) => s === 'IXSCAN' || s === 'COUNT_SCAN' || s === 'IDHACK' || s === 'EXPRESS_IXSCAN',
    );
    if (stages.includes('COLLSCAN') || !indexed) failures.push(`${describeShape(shape)}: ${stages.join(' < ')}`);
  }
  return failures;
}

/**
 * A route pattern with each `(?P<name>regex)` replaced by `fill(name)` (URI-encoded, slashes kept), or null when
 * `fill` gives null for one.
 */
export function fillParams(route: string, fill: (name: string) => string | null): string | null {
  let out = '';
  let i = 0;
  while (i < route.length) {
    const start = route.indexOf('(?P<', i);
    if (start < 0) return out + route.slice(i);
    out += route.slice(i, start);
    const name = route.slice(start + 4, route.indexOf('>', start));
    // The group's end: its balancing parenthesis, skipping escapes and character classes.
    let depth = 0;
    let j = start;
    for (; j < route.length; j++) {
      const c = route[j];
      if (c === '\\') j++;
      else if (c === '[') while (j < route.length && route[j] !== ']') j += route[j] === '\\' ? 2 : 1;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
    }
    const value = fill(name);
    if (value === null) return null;
    out += value.split('/').map(enc).join('/');
    i = j + 1;
  }
  return out;
}

export interface ShapeSuite {
  /** Starts the service on the store `openStore` gives (a fresh embedded one when absent), wrapped by `wrapStore`. */
  start(store: { openStore?: () => Promise<Store>; wrapStore: (store: Store) => Store }): Promise<{
    app: Express;
    close(): Promise<void>;
  }>;
  /** Makes a little of every kind of content through the API; how to call the routes over it. */
  seed(app: Express): Promise<Omit<DriveOptions, 'app'>>;
  /** At least this many GET routes are driven (the drive reached the service's routes). */
  minRoutes: number;
}

/**
 * The two suites of a service's test/query-shapes.test.ts (see services/core-content/test/query-shapes.test.ts for
 * the rule): the offline check on the embedded store, always; MongoDB's explain() of every shape when MONGO_URL is
 * set (a fresh database, dropped afterwards), else a skipped test saying so.
 */
export function describeQueryShapes(service: string, suite: ShapeSuite): void {
  const run = async (openStore?: () => Promise<Store>) => {
    let recording: Recording | undefined;
    let raw: Store | undefined;
    const started = await suite.start({
      openStore,
      wrapStore: (store) => {
        raw = store;
        const r = recordingStore(store);
        recording = r.recording;
        return r.store;
      },
    });
    try {
      const drive = await suite.seed(started.app);
      recording!.clearShapes(); // the seeding writes' own queries are not the routes'
      const result = await driveGetRoutes({ app: started.app, ...drive });
      return { result, recording: recording!, raw: raw!, started };
    } catch (e) {
      await started.close();
      throw e;
    }
  };

  test(`${service}: every query of its GET routes is served by an index (offline rule, embedded store)`, async () => {
    const { result, recording, started } = await run();
    try {
      const answered = Object.values(result.statuses).reduce((a, b) => a + b, 0);
      expect(result.routes.length).toBeGreaterThanOrEqual(suite.minRoutes);
      // Most answers are 200s (the others: arguments a caller may not use, and the like): the drive reached the data.
      expect((result.statuses[200] ?? 0) / answered).toBeGreaterThan(0.5);
      const check = checkShapes(recording);
      console.log(
        `${service}: ${check.lines.length} query shapes from ${answered} requests to ${result.routes.length} routes ` +
          `(${JSON.stringify(result.statuses)}); read whole by nature: ${check.whole.length ? `\n  ${check.whole.join('\n  ')}` : 'none'}`,
      );
      // Every shape with the index serving it on each adapter, when one lacks an index.
      if (check.mongoUncovered.length || check.embeddedUncovered.length) console.log(check.lines.join('\n'));
      expect(check.mongoUncovered).toEqual([]);
      expect(check.embeddedUncovered).toEqual([]);
    } finally {
      await started.close();
    }
  }, 600_000);

  const url = process.env.MONGO_URL?.trim();
  if (!url) {
    test.skip(`${service}: every query shape uses an index on MongoDB (explain; set MONGO_URL to run)`, () =>
      undefined);
    return;
  }
  test(`${service}: every query shape uses an index on MongoDB (explain: IXSCAN, no COLLSCAN)`, async () => {
    const dbName = `loom_test_shapes_${service.replace(/-/g, '_')}_${process.pid}_${Date.now().toString(36)}`;
    const { recording, raw, started } = await run(() => openMongoStore(url, dbName));
    try {
      expect(await explainShapes(raw, recording)).toEqual([]);
    } finally {
      await started.close();
      const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
      try {
        await client.connect();
        await client.db(dbName).dropDatabase();
      } finally {
        await client.close();
      }
    }
  }, 600_000);
}
