/**
 * Marks the answers the gateway may keep (SHAREABLE_HEADER, issue 17): 200 answers to plain GETs, which depend on
 * their URL and the caller's identity alone (answer-cache.ts's `plainGet`; the gateway keys a signed-in caller's
 * answers by the identity it signed), with how long until the next scheduled publication makes them wrong: a
 * lifetime in ms from when the answer is sent, not a time, so that the gateway's clock need not agree with ours. The gateway drops what it keeps on every write it forwards; a publication at its time is the one
 * write no request makes, hence the time. Works with either store: only the schedule is read here.
 */
import type { RequestHandler, Response } from 'express';
import { SHAREABLE_HEADER } from '@loom/contracts';
import { formatUtc } from '../../engine/dates';
import { plainGet } from './cache';
import { keptOut } from './kept-out';

/** `nextDue`: date_gmt of the earliest scheduled post, '' when none. */
export function markShareable(nextDue: () => Promise<string>, now: () => number = Date.now): RequestHandler {
  return (req, res, next) => {
    if (!plainGet(req)) return next();
    nextDue().then((due) => {
      // Past its time the scheduled post is published by this very read: its answer is not kept anywhere.
      if (due === '' || formatUtc(now()) < due) mark(res, due === '' ? undefined : Date.parse(`${due}Z`), now);
      next();
    }, next);
  };
}

/** `until`: epoch ms of the next publication (none: kept until a write). */
function mark(res: Response, until: number | undefined, now: () => number): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    const lifetime = until === undefined ? 'none' : String(Math.max(0, until - now()));
    if (res.statusCode === 200 && !res.headersSent && !keptOut(res)) res.setHeader(SHAREABLE_HEADER, lifetime);
    return end(...args);
  }) as Response['end'];
}
