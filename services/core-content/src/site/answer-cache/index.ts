/**
 * core-content's answer cache (issue 17), switched on and off as a whole by LOOM_ANSWER_CACHE (`off` gives the
 * uncached answers, which answers.equivalence.test.ts compares byte for byte): render once (render-memo.ts) and
 * cached answers for anonymous reads (cache.ts). Cached answers need to see every write: they are on for the
 * embedded store only (one process owns it); with MongoDB other replicas write the same data unseen, so there only
 * rendering is kept. With either store, answers that depend on their URL alone are marked for the gateway's answer
 * cache (shareable.ts), which sees every write it forwards.
 */
import type { RequestHandler } from 'express';
import { answerCacheBytes, observedMetrics, type KitConfig, type Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { nextScheduledDate } from '../../engine/repository';
import { AnswerCache } from './cache';
import { markShareable } from './shareable';
import { enableRenderMemo } from './render-memo';

export function startAnswerCache(
  deps: { config: KitConfig; store: Store; log: Logger },
  env: NodeJS.ProcessEnv,
): RequestHandler | undefined {
  const { config, store, log } = deps;
  if (env.LOOM_ANSWER_CACHE === 'off') return undefined;
  enableRenderMemo(config);
  if (store.kind !== 'embedded') {
    log.info('answer cache off: the store is shared with other replicas, whose writes this process would not see');
    return markShareable(() => nextScheduledDate(store));
  }
  const cache = new AnswerCache(store, {
    maxBytes: answerCacheBytes(env),
    metrics: observedMetrics(store),
    siteRev: () => config.site.rev,
  });
  const mark = markShareable(() => cache.nextDueDate());
  return (req, res, next) => mark(req, res, (err?: unknown) => (err ? next(err) : cache.middleware(req, res, next)));
}
