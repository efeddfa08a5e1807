/**
 * What the oEmbed suites do in an oEmbed world (@loom/testing's startOembedWorld): remote providers and pages as
 * real HTTP servers on 127.0.0.1 (reached through LOOM_OEMBED_ALLOW_HOSTS), items and real image uploads made
 * through the gateway, and reads through it as one caller.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import request from 'supertest';
import { image, type OembedCaller, type OembedWorld, type Running } from '@loom/testing';

/** A loopback HTTP server acting as a remote site or provider; `hits` lists every request's path and query. */
export async function startRemote(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Running & { hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => (sockets.add(s), s.once('close', () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Creates a post or page through the gateway as the administrator; returns its id and permalink. */
export async function createItem(
  world: OembedWorld,
  type: 'posts' | 'pages',
  body: Record<string, unknown>,
): Promise<{ id: number; link: string }> {
  const r = await request(world.gw.app).post(`/rest/core/v2/${type}`).set(world.auth.administrator).send(body);
  if (r.status !== 201) throw new Error(`creating a ${type} item: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id as number, link: r.body.link as string };
}

/** GET through the gateway as `as`. */
export const get = (world: OembedWorld, path: string, as: OembedCaller = 'anonymous') =>
  request(world.gw.app).get(path).set(world.auth[as]);

/** A JPEG of `width`×`height` made by sharp, uploaded through the gateway by the administrator (attached to `post`). */
export async function uploadImage(
  world: OembedWorld,
  width: number,
  height: number,
  name: string,
  post?: number,
): Promise<{ id: number; source_url: string; link: string }> {
  const r = await request(world.gw.app)
    .post(`/rest/core/v2/media${post ? `?post=${post}` : ''}`)
    .set(world.auth.administrator)
    .set('Content-Type', 'image/jpeg')
    .set('Content-Disposition', `attachment; filename="${name}"`)
    .send(await image(width, height));
  if (r.status !== 201) throw new Error(`upload of ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { id: number; source_url: string; link: string };
}
