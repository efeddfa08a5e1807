/** The captured WordPress samples the forms tests compare with (fixtures/wordpress-samples, see its README.md). */
import fs from 'node:fs';
import path from 'node:path';

const SAMPLES = path.join(__dirname, 'fixtures/wordpress-samples');

/** A sample file whole: its request line, headers and body. */
export const readSample = (file: string): string => fs.readFileSync(path.join(SAMPLES, file), 'utf8');

/** A sample's JSON body: from its first line opening an object, up to the mail it shows (`# MAIL:`), if any. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- samples are read as the loose JSON they are
export function sampleJson(file: string): any {
  const text = readSample(file);
  return JSON.parse(text.slice(text.indexOf('\n{') + 1).split('\n# MAIL:')[0]!);
}
