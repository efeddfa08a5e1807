/**
 * The one way Loom's processes connect to NATS: the connection never gives up (it tries again every 500 ms for as
 * long as the process runs), and a first attempt waits 2 s at most. The gateway's notifier and answer-cache
 * cluster and every process's site-options follower use it, so they all ride out a NATS restart alike.
 */
import { connect, type NatsConnection } from 'nats';

export function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({
    servers: url,
    name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: 2000,
  });
}
