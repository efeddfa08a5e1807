/**
 * Keeps a process's SiteOptions in step with core-content's: loaded at start, again as soon as a change
 * notification for `settings` arrives on NATS (the gateway publishes one for every settings write, so every
 * replica of every service hears it), and on a timer as a safety net (a missed message, NATS down or not
 * configured). Without NATS the timer is the only way to learn, so it runs often (LOOM_SITE_OPTIONS_POLL_MS).
 */
import type { NatsConnection } from 'nats';
import { changeSubject, SITE_OPTIONS_RESOURCE, type SiteOptionsAnswer } from '@loom/contracts';
import type { Logger } from '../logger';
import { connectNats } from '../nats';
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

  // The timer: every pollMs, but every second at most while core-content cannot be read (a start before it).
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    timer = setTimeout(
      () => void refresh().finally(() => !closed && tick()),
      failing ? Math.min(o.pollMs, 1000) : o.pollMs,
    );
    timer.unref();
  };

  /** Resolves once subscribed, or after the first failure (then it keeps trying every 2 s in the background). */
  let warned = false;
  const subscribe = async (url: string): Promise<void> => {
    try {
      const conn = await connectNats(url, 'loom-site-options');
      if (closed) return void (await conn.close());
      nc = conn;
      conn.subscribe(changeSubject('core/v2', SITE_OPTIONS_RESOURCE), { callback: (err) => !err && void refresh() });
      await conn.flush();
      // Notifications sent while disconnected are lost: read again on every reconnection (and on this connection).
      if (warned) void refresh();
      void (async () => {
        for await (const s of conn.status()) if (s.type === 'reconnect') void refresh();
      })().catch(() => undefined);
    } catch (err) {
      if (!warned)
        o.log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'site options: NATS unreachable, following by polling until it is back',
        );
      warned = true;
      if (!closed) setTimeout(() => void subscribe(url), 2000).unref();
    }
  };

  // Ready after the first read and, for at most 2 s, the subscription (a change made later is heard then).
  const subscribed = o.natsUrl ? subscribe(o.natsUrl) : Promise.resolve();
  const first = refresh();
  void first.finally(() => !closed && tick()); // the timer's first period depends on how the first read went
  const ready = Promise.all([first, Promise.race([subscribed, new Promise((r) => setTimeout(r, 2000).unref())])]).then(
    () => undefined,
  );
  return {
    ready,
    refresh,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await nc?.close().catch(() => undefined);
      await running;
    },
  };
}
