/**
 * Answers made with another service's data (core/v2/search lists the events service's events): neither answer cache
 * may keep them, since that service's writes never reach this store's write versions nor, through the gateway,
 * flush core-content's kept answers.
 */
import type { Response } from 'express';
import type { RestRequest } from '@loom/service-kit';

export function keepOutOfAnswerCaches(req: RestRequest): void {
  const res = req.incoming?.res;
  if (res) res.locals.keptOutOfAnswerCaches = true;
}

export const keptOut = (res: Response): boolean => res.locals.keptOutOfAnswerCaches === true;
