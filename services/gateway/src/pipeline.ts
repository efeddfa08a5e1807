/**
 * The one path every request takes before Express routes it (issue 22): steps run in order, each passing the request
 * on or answering it. The answer cache's replay is the last step, so what comes before it (the request id, metrics,
 * the trace, the one reading of the request target, authentication with its throttles) is done alike for a replayed
 * request and for one Express goes on to route: a rule added here cannot be forgotten on either path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Step = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Runs `steps`, then `last`. A step that throws hands the error to `failed` (the request is answered there). */
export function pipeline(
  steps: Step[],
  last: (req: IncomingMessage, res: ServerResponse) => void,
  failed: (err: unknown, req: IncomingMessage, res: ServerResponse) => void,
) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    let i = 0;
    const next = (): void => {
      const step = steps[i++];
      try {
        if (step) step(req, res, next);
        else last(req, res);
      } catch (err) {
        failed(err, req, res);
      }
    };
    next();
  };
}

/** Express's `res.locals`, made before Express sees the request (it keeps an existing one). */
export function localsOf(res: ServerResponse): Record<string, unknown> {
  const r = res as ServerResponse & { locals?: Record<string, unknown> };
  return (r.locals ??= Object.create(null) as Record<string, unknown>);
}
