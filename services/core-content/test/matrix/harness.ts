/**
 * The permission matrix's world: the real core-content app on a fresh store, fixtures made as the administrator,
 * and the shape of a row. Each resource lists its rows in its own file here (core-rows.ts, ...); the matrix test
 * runs them all for every caller and checks that every route and method of core/v2 has a row.
 */
import type { Role } from '@loom/contracts';
import { asRole } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { restClient } from '@loom/testing';
import { insertUser, startCore } from '../helpers';

export type Caller = Role | null;
export const CALLERS: Caller[] = [null, 'subscriber', 'contributor', 'author', 'editor', 'administrator'];
export const label = (c: Caller) => c ?? 'anonymous';

export interface Row {
  name: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path under /rest/core/v2, prepared per cell (fixtures are created here). */
  path: (w: MatrixWorld) => Promise<string> | string;
  body?: (w: MatrixWorld) => Record<string, unknown>;
  /** Expected status for anonymous, subscriber, contributor, author, editor, administrator. */
  expect: [number, number, number, number, number, number];
}

export interface MatrixWorld {
  app: Awaited<ReturnType<typeof startCore>>['app'];
  store: Store;
  /** A name no other fixture has. */
  unique(prefix: string): string;
  /** Creates an item as the administrator and returns its id. */
  made(path: string, body: Record<string, unknown>): Promise<number>;
  /** A new subscriber's id. */
  otherUser(): Promise<number>;
  /** As the administrator: GET a path's JSON. */
  read(path: string): Promise<unknown>;
  /** As the administrator: POST and return the JSON answer. */
  write(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export async function startMatrix(): Promise<MatrixWorld & { close(): Promise<void> }> {
  const { app, store, close } = await startCore();
  let seq = 0;
  const unique = (p: string) => `${p}-${++seq}`;
  const admin = restClient(app, asRole('administrator'), '/rest/core/v2/');
  return {
    app,
    store,
    close,
    unique,
    made: async (path, body) => (await admin.post(path, body)).body.id as number,
    otherUser: async () => (await insertUser(store, unique('other'), ['subscriber'])).id,
    read: async (path) => (await admin.get(path)).body,
    write: async (path, body) => (await admin.post(path, body)).body,
  };
}

/** A published item of `base` with one revision (its content changed once), and that revision's id. */
export async function revised(w: MatrixWorld, base: string): Promise<{ id: number; revision: number }> {
  const id = await w.made(base, { title: w.unique('r'), content: 'first', status: 'publish' });
  await w.write(`${base}/${id}`, { content: 'second' });
  const [latest] = (await w.read(`${base}/${id}/revisions`)) as Array<{ id: number }>;
  return { id, revision: latest!.id };
}

/** A published item of `base` with an autosave of the administrator's, and the autosave's id. */
export async function autosaved(w: MatrixWorld, base: string): Promise<{ id: number; autosave: number }> {
  const id = await w.made(base, { title: w.unique('a'), content: 'first', status: 'publish' });
  const a = await w.write(`${base}/${id}/autosaves`, { content: 'autosaved' });
  return { id, autosave: a.id as number };
}
