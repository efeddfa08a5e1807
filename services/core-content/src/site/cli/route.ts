/**
 * `POST /_loom/cli` (CLI_PATH): a CLI that finds the embedded store held by this process sends its command line
 * here, and it runs on this process's store through the same commands (commands.ts). Body `{argv, stdin?, pid?}`
 * (stdin: what the CLI read for --password-stdin; pid: the store's holder as the CLI saw it in the LOCK file),
 * answer `{code, out, err}`: the lines the CLI prints and its exit code. Internal only (LOOM_INTERNAL_SECRET, or
 * this process's CLI key, key.ts), never under /rest, so the gateway never forwards it. Command lines and output
 * hold passwords: neither is logged, only the command's name and exit code.
 */
import type { Express, RequestHandler } from 'express';
import { errorBody, INTERNAL_HEADER } from '@loom/contracts';
import { internalJsonBody, requireInternal, verifyInternal, type KitConfig, type Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { runCommandLine, runOn, type Io } from './commands';
import { cliKeyFile, writeCliKey } from './key';
import { CLI_PATH, isCliRequest, type CliAnswer } from './protocol';

/** The internal secret's guard, also passing callers signed with this process's CLI key. */
function cliGuard(config: KitConfig, key: string | undefined): RequestHandler {
  const bySecret = requireInternal(config.internalSecret);
  return (req, res, next) => (key && verifyInternal(req.get(INTERNAL_HEADER), key) ? next() : bySecret(req, res, next));
}

/** The CLI key, on the embedded store only (with MongoDB the CLI opens the store itself and never forwards). */
function cliKey(deps: { config: KitConfig; store: Store; log: Logger }): string | undefined {
  if (deps.store.kind !== 'embedded') return undefined;
  try {
    return writeCliKey(cliKeyFile(deps.config.dataDir));
  } catch (err) {
    deps.log.warn({ err }, 'no CLI key written: a CLI here needs LOOM_INTERNAL_SECRET to reach this process');
    return undefined;
  }
}

export function mountCli(app: Express, deps: { config: KitConfig; store: Store; log: Logger }): void {
  const { store, log } = deps;
  app.post(CLI_PATH, cliGuard(deps.config, cliKey(deps)), internalJsonBody('64kb'), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!isCliRequest(req.body)) {
      const body = errorBody('rest_invalid_param', { message: 'Invalid parameter(s): argv' });
      return void res.status(body.data.status).json(body);
    }
    const { argv, stdin, pid } = req.body;
    // The CLI saw this DATA_DIR held by `pid`: another process answering here serves another store.
    if (pid !== undefined && pid !== process.pid) {
      const body = errorBody('loom_cli_other_store', {
        message: `This core-content is process ${process.pid}, not ${pid}: it does not hold that data directory.`,
      });
      return void res.status(body.data.status).json(body);
    }
    const answer: CliAnswer = { code: 0, out: [], err: [] };
    const io: Io = { out: (line) => answer.out.push(line), readStdin: async () => stdin ?? '' };
    let name = '';
    answer.code = await runCommandLine(
      argv,
      io,
      (line) => answer.err.push(line),
      (command, opts, commandName) => {
        name = commandName;
        return runOn(store, io)(command, opts);
      },
    );
    log.info({ command: name || null, code: answer.code }, 'cli command');
    res.json(answer);
  });
}
