/**
 * The CLI's side of route.ts: a command line the CLI cannot run itself, because a running core-content holds the
 * embedded store, is sent to that process, which runs it and answers what to print and the exit code.
 */
import { INTERNAL_HEADER } from '@loom/contracts';
import { serviceUrl, signInternal, urlVar, usesDevSecret, type KitConfig } from '@loom/service-kit';
import type { StoreLockedError } from '@loom/store';
import type { Io, Options } from './commands';
import { cliKeyFile, readCliKey } from './key';
import { CLI_PATH, isCliAnswer, type CliRequest } from './protocol';

/** Commands can delete a user's content, which takes a while on a large site; a service that hangs is given up. */
const TIMEOUT_MS = 120_000;

/** Where core-content is reached: CORE_CONTENT_URL, else this machine on the port it listens on (CORE_CONTENT_PORT). */
export function coreContentUrl(env: NodeJS.ProcessEnv, config: KitConfig): string {
  if (env[urlVar('core-content')]) return serviceUrl('core-content', env);
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

interface Signer {
  secret: string;
  /** What to tell the user when the service refuses it. */
  refusal: string;
}

/** LOOM_INTERNAL_SECRET when the CLI has one, else the running service's CLI key (key.ts), else the development secret. */
function signer(env: NodeJS.ProcessEnv, config: KitConfig): Signer {
  const keyFile = cliKeyFile(config.dataDir);
  if (env.LOOM_INTERNAL_SECRET)
    return {
      secret: env.LOOM_INTERNAL_SECRET,
      refusal: 'LOOM_INTERNAL_SECRET here is not the secret core-content runs with',
    };
  const key = readCliKey(keyFile);
  if (key) return { secret: key, refusal: `the key in ${keyFile} is not the running process's` };
  const fix = `set LOOM_INTERNAL_SECRET to the secret core-content runs with (it left no key readable here in ${keyFile})`;
  if (!usesDevSecret(config)) throw new Error(`cannot sign the command for core-content: ${fix}`);
  return { secret: config.internalSecret, refusal: `core-content does not run with the development secret; ${fix}` };
}

/** Sends `argv` to the core-content holding the store (`locked`); prints its answer and returns its exit code. */
export async function forward(
  argv: string[],
  opts: Options,
  locked: StoreLockedError,
  ctx: { env: NodeJS.ProcessEnv; config: KitConfig; io: Io; err: (line: string) => void },
): Promise<number> {
  const { env, config, io, err } = ctx;
  const url = coreContentUrl(env, config);
  const { secret, refusal } = signer(env, config);
  const body: CliRequest = {
    argv,
    pid: locked.pid ?? undefined,
    stdin: opts['password-stdin'] ? await io.readStdin() : undefined,
  };
  let res: Response;
  try {
    res = await fetch(`${url}${CLI_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_HEADER]: signInternal(secret) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    const why = ((e as Error).cause as { code?: string } | undefined)?.code ?? (e as Error).message;
    throw new Error(
      `the embedded store in ${locked.dir} is in use by process ${locked.pid ?? '?'}, and core-content does not answer at ${url} (${why}).\n` +
        'Is it still starting? If it listens elsewhere, set CORE_CONTENT_URL (or CORE_CONTENT_PORT); otherwise stop that process first.',
    );
  }
  const answer: unknown = await res.json().catch(() => null);
  if (res.status === 403) throw new Error(`core-content at ${url} refused the command (HTTP 403): ${refusal}.`);
  if (!res.ok || !isCliAnswer(answer)) {
    const message = (answer as { message?: unknown } | null)?.message;
    throw new Error(
      `core-content at ${url} did not run the command (HTTP ${res.status}${typeof message === 'string' ? `: ${message}` : ''}).`,
    );
  }
  answer.out.forEach((line) => io.out(line));
  answer.err.forEach((line) => err(line));
  return answer.code;
}
