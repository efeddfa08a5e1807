/** What the CLI and the running core-content exchange when the CLI forwards a command (forward.ts → route.ts). */
export const CLI_PATH = '/_loom/cli';

export interface CliRequest {
  /** The command line, as the CLI was given it. */
  argv: string[];
  /** What the CLI read from its stdin, for --password-stdin. */
  stdin?: string;
  /** The process the CLI found holding the store (its LOCK file): only that process may run the command. */
  pid?: number;
}

/** The lines the CLI prints to stdout and stderr, and its exit code. */
export interface CliAnswer {
  code: number;
  out: string[];
  err: string[];
}

export function isCliRequest(body: unknown): body is CliRequest {
  const { argv, stdin, pid } = (body ?? {}) as Record<string, unknown>;
  return (
    Array.isArray(argv) &&
    argv.length <= 100 &&
    argv.every((a) => typeof a === 'string') &&
    (stdin === undefined || typeof stdin === 'string') &&
    (pid === undefined || Number.isSafeInteger(pid))
  );
}

export function isCliAnswer(body: unknown): body is CliAnswer {
  const { code, out, err } = (body ?? {}) as Record<string, unknown>;
  const lines = (v: unknown) => Array.isArray(v) && v.every((l) => typeof l === 'string');
  return Number.isInteger(code) && lines(out) && lines(err);
}
