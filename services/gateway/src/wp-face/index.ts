/**
 * The `/wp-json` face (issue 27): the same API under WordPress's root and namespace names (`/wp-json/wp/v2/posts` is
 * `/rest/core/v2/posts`), so that WordPress clients work unchanged. Names are mapped at the edge, once:
 * - a request under /wp-json is rewritten to /rest first (the pipeline step below, before authentication, the answer
 *   cache and routing), so that everything after it sees one API, /rest's: permissions, throttles, metrics' route
 *   labels, change notifications. A batch's item paths are read through the same names (app.ts);
 * - every answer to such a request is put in the face's terms on its way out (answer.ts, translate.ts).
 * The answer cache keeps the face's answers apart, under the face's URL and in its terms (their bodies differ); a
 * write through either face drops both, as the cache is emptied per service.
 * A name under /wp-json that is not WordPress's (`/wp-json/core/v2/posts`) goes to `/rest/wp-json/…`, a path no
 * namespace has: `404 rest_no_route` (OPTIONS: 200 `[]`), as WordPress answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KitConfig, Logger } from '@loom/service-kit';
import type { Answer } from '../answer-cache/answers';
import { localsOf, type Step } from '../pipeline';
import { translateAnswer, type FaceAnswer } from './answer';
import { isFaceRoute, loomTarget } from './names';
import { translation } from './translate';

/** The face's root path, as `/rest` is the spec's. */
export const FACE_ROOT = '/wp-json';

/** What res.locals holds of a face request. */
export interface FaceRequest {
  /** The request target as the client sent it under /wp-json (after a `?rest_route=` rewrite): the answer cache's key. */
  url: string;
  answer: FaceAnswer;
}

/** The face request `res` answers, if it is one. */
export const faceOf = (res: ServerResponse): FaceRequest | undefined => localsOf(res).face as FaceRequest | undefined;

export interface WpFace {
  /** The face's root URL (`{base}/wp-json/`), for the discovery Link. */
  rootUrl: string;
  /** The pipeline step rewriting a request under /wp-json to /rest and translating its answer. */
  step: Step;
  /** Where a `?rest_route=` route goes: the face, unless it names a namespace the spec names otherwise. */
  restRouteRoot(route: string): string;
  /** A batch item's path in the spec's names, or null when the face has no such name (rest_no_route). */
  itemPath(path: string): string | null;
  /** An answer the cache keeps for a face request, in the face's terms. */
  kept(a: Answer): Answer;
}

export function createWpFace(deps: { config: Pick<KitConfig, 'baseUrl' | 'restUrl'>; log: Logger }): WpFace {
  const t = translation(deps.config);
  return {
    rootUrl: `${t.faceUrl}/`,
    step(req: IncomingMessage, res: ServerResponse, next: () => void) {
      const url = req.url ?? '';
      if (url !== FACE_ROOT && !url.startsWith(`${FACE_ROOT}/`) && !url.startsWith(`${FACE_ROOT}?`)) return next();
      const target = url.slice(FACE_ROOT.length);
      const loom = loomTarget(target.startsWith('?') ? `/${target}` : target);
      req.url = loom === null ? `/rest${FACE_ROOT}${target}` : `/rest${loom}`;
      const locals = localsOf(res);
      const answer = translateAnswer(res, t, {
        head: req.method === 'HEAD',
        log: deps.log,
        requestId: locals.requestId as string | undefined,
      });
      locals.face = { url, answer } satisfies FaceRequest;
      next();
    },
    restRouteRoot: (route) => (isFaceRoute(route) ? FACE_ROOT : '/rest'),
    itemPath: loomTarget,
    kept: (a) => ({
      ...a,
      head: a.head.map((v, i) => (i % 2 ? t.header(a.head[i - 1]!, v) : v)),
      body: /json/i.test(a.contentType ?? '') ? t.body(a.body) : a.body,
    }),
  };
}
