/** Reading a theme's JSON files: a file that cannot be read or parsed stops the start, naming the file. */
import { readFileSync } from 'node:fs';

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function readJson(path: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${what}: ${(e as Error).message}`);
  }
}
