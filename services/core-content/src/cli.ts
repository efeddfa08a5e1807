/**
 * `npm run loom -- <command>`: user and application-password administration (cli/commands.ts) against the store
 * core-content uses (DATA_DIR or MONGO_URL, as the service reads them), through the same repositories. The
 * embedded store belongs to one process at a time: while core-content runs on the same DATA_DIR, the command is
 * sent to it and runs there (cli/forward.ts, cli/route.ts); otherwise, and always with MongoDB, the CLI opens the
 * store itself. Exit codes: 0 done, 1 failed, 2 usage.
 */
import { loadConfig } from '@loom/service-kit';
import { readStoredOptionsOnce } from './resources/settings/live';
import { openStore, StoreLockedError, type Store } from '@loom/store';
import { runCommandLine, runOn, type Io } from './site/cli/commands';
import { forward } from './site/cli/forward';
import { ensureIndexes } from './service';

/** Runs one command line; returns the exit code. Split from main() so that it is callable in-process. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: Io,
  err: (line: string) => void,
): Promise<number> {
  return runCommandLine(argv, io, err, async (command, opts) => {
    // Without LOOM_INTERNAL_SECRET the CLI still opens the store; forwarding then signs with the service's key (cli/key.ts).
    const config = loadConfig('core-content', {
      ...env,
      LOOM_INTERNAL_SECRET: env.LOOM_INTERNAL_SECRET || (env.NODE_ENV === 'production' ? 'unused-by-the-cli' : ''),
    });
    let store: Store;
    try {
      store = await openStore({ service: 'core-content', dataDir: config.dataDir, mongoUrl: config.mongoUrl });
    } catch (e) {
      if (e instanceof StoreLockedError && e.pid !== process.pid)
        return forward(argv, opts, e, { env, config, io, err });
      throw e;
    }
    try {
      await ensureIndexes(store);
      await readStoredOptionsOnce(config, store, env);
      return await runOn(store, io)(command, opts);
    } finally {
      await store.close();
    }
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

if (require.main === module) {
  const io: Io = { out: (line) => process.stdout.write(`${line}\n`), readStdin };
  void run(process.argv.slice(2), process.env, io, (line) => process.stderr.write(`${line}\n`)).then((code) => {
    process.exitCode = code;
  });
}
