/** supertest clients and what tests compare answers with. */
import type { Express } from 'express';
import request from 'supertest';

/** A response's status and WordPress error code, for comparing with what a test expects. */
export const err = (r: request.Response) => ({ status: r.status, code: (r.body as { code?: string }).code });

/** supertest requests to `app` under `prefix` with the caller's headers (the suites' clients). */
export function restClient(app: Express, headers: Record<string, string>, prefix = '/rest') {
  const url = (path: string) => `${prefix}${path}`;
  return {
    get: (path: string) => request(app).get(url(path)).set(headers),
    head: (path: string) => request(app).head(url(path)).set(headers),
    post: (path: string, body: object = {}) => request(app).post(url(path)).set(headers).send(body),
    put: (path: string, body: object = {}) => request(app).put(url(path)).set(headers).send(body),
    patch: (path: string, body: object = {}) => request(app).patch(url(path)).set(headers).send(body),
    delete: (path: string, body?: object) =>
      body ? request(app).delete(url(path)).set(headers).send(body) : request(app).delete(url(path)).set(headers),
  };
}

export type RestClient = ReturnType<typeof restClient>;

/** `Authorization: Basic` for a login (or email) and password. */
export function basic(login: string, password: string): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}` };
}
