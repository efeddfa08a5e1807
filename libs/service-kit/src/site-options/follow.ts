/**
 * Keeps a process's SiteOptions in step with core-content's: loaded at start, again as soon as a change
 * notification for `settings` arrives on NATS (the gateway publishes one for every settings write, so every
 * replica of every service hears it), and on a timer as a safety net (a missed message, NATS down or not
 * configured). Without NATS the timer is the only way to learn, so it runs often (LOOM_SITE_OPTIONS_POLL_MS).
 */
import { connect, type NatsConnection } from 'nats';
import { changeSubject, SITE_OPTIONS_RESOURCE, type SiteOptionsAnswer } from '@loom/contracts';
import type { Logger } from '../logger';
import type { SiteOptions } from './holder';

/** Loads the current options; `unchanged` when they are still at revision `rev`, undefined when unreachable. */
export type SiteOptionsLoader = (rev: number) => Promise<SiteOptionsAnswer | 'unchanged' | undefined>;

export interface SiteOptionsFollower {
  /** Resolves after the first load (whether or not it succeeded) and the NATS subscription, if any. */
  ready: Promise<void>;
  /** Loads now; concurrent calls share one load, and a call during a load starts another after it. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export function followSiteOptions(o: {
  site: SiteOptions;
  load: SiteOptionsLoader;
  natsUrl?: string;
  /** The timer's period in ms. */
  pollMs: number;
  log: Logger;
}): SiteOptionsFollower {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let nc: NatsConnection | undefined;
  // An outage is logged once when it starts and once when it ends, not at every tick of the timer.
  let failing = false;

  const loadOnce = async (): Promise<void> => {
    try {
      const answer = await o.load(o.site.rev);
      if (failing) o.log.info('site options readable again');
      failing = false;
      if (answer && answer !== 'unchanged' && o.site.apply(answer))
        o.log.debug({ rev: answer.rev }, 'site options changed');
    } catch (err) {
      if (!failing)
        o.log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'site options could not be read; keeping the last known ones',
        );
      failing = true;
    }
  };
  const refresh = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await loadOnce();
      } while (again && !closed);
    })().finally(() => (running = undefined));
    return running;
  };

  const timer = setInterval(() => void refresh(), o.pollMs);
  timer.unref();

  const subscribe = async (url: string): Promise<void> => {
    try {
      nc = await connect({
        servers: url,
        name: 'loom-site-options',
        reconnect: true,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        timeout: 2000,
      });
      if (closed) return void (await nc.close());
      nc.subscribe(changeSubject('core/v2', SITE_OPTIONS_RESOURCE), { callback: (err) => !err && void refresh() });
      await nc.flush();
    } catch (err) {
      o.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'site options: NATS unreachable, following by polling only',
      );
    }
  };

  const ready = Promise.all([refresh(), o.natsUrl ? subscribe(o.natsUrl) : undefined]).then(() => undefined);
  return {
    ready,
    refresh,
    close: async () => {
      closed = true;
      clearInterval(timer);
      await nc?.close().catch(() => undefined);
      await running;
    },
  };
}
