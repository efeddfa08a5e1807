/**
 * pino, pretty on a terminal (or with LOG_FORMAT=pretty) and JSON otherwise. Request lines carry id, method, route pattern, status and
 * duration only: never headers or bodies, so credentials cannot reach the logs.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(name: string, level = process.env.LOG_LEVEL || 'info'): Logger {
  // LOG_FORMAT=pretty: pretty through a pipe too (npm start relays the processes' output from a terminal).
  const pretty = process.env.LOG_FORMAT === 'pretty' || (process.stdout.isTTY && process.env.LOG_FORMAT !== 'json');
  return pino({
    name,
    level,
    redact: {
      paths: ['*.authorization', '*.password', '*.headers', 'authorization', 'password'],
      censor: '[redacted]',
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
