/**
 * The running core-content's CLI key: a random secret it writes at start into its embedded store's directory,
 * readable by its own user only, and removes on exit. A CLI on the same data directory signs forwarded commands
 * with it when it has no LOOM_INTERNAL_SECRET of its own: `npm start` makes a new secret per run, which the
 * terminal next to it does not know. The key gives nothing that write access to the data directory does not
 * already give; it opens the CLI route only (route.ts), and only for the process that wrote it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const CLI_KEY_FILE = 'CLI_KEY';

/** The key's file for a DATA_DIR: next to the store's LOCK (`<dataDir>/core-content`, as openStore names it). */
export const cliKeyFile = (dataDir: string) => path.resolve(dataDir, 'core-content', CLI_KEY_FILE);

export function readCliKey(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function removeIfOurs(file: string, key: string): void {
  try {
    if (readCliKey(file) === key) unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Keys this process wrote, removed when it exits (a SIGKILL leaves one behind: the next start replaces it). */
const written = new Map<string, string>();

/** Writes a new key to `file` (replacing any earlier one) and returns it. */
export function writeCliKey(file: string): string {
  const key = randomBytes(32).toString('base64url');
  try {
    unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  // Created here, never reused: the mode applies only to a file the write creates.
  writeFileSync(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
  if (written.size === 0) process.once('exit', () => written.forEach((k, f) => removeIfOurs(f, k)));
  written.set(file, key);
  return key;
}
