/**
 * Tools take the live OpenAPI document as it is:
 * - Redocly's lint with its recommended rules (@redocly/cli, with ./redocly.yaml), offline: no telemetry and no
 *   update check. The CLI runs as a child process: its engine (@redocly/openapi-core 2) is ES modules only, which
 *   jest's CommonJS runtime cannot load.
 * - openapi-typescript, by examples/typed-client/generate.js as its README runs it: the types it generates check the
 *   example that uses them (examples/typed-client/main.ts, with openapi-fetch) and refuse wrong calls; the example
 *   then works against the running site: lists, JSON writes, a multipart upload and a contact-form submission.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { ADMIN, createAppPassword, startSite, type Site } from '@loom/testing';
import {
  createCategory,
  latestTitles,
  loomClient,
  submitContactForm,
  upcomingEvents,
  uploadFile,
  type Loom,
} from '../../../examples/typed-client/main';

jest.setTimeout(120_000);

const CLI = require.resolve('@redocly/cli/bin/cli.js');
const CONFIG = resolve(__dirname, '../../../redocly.yaml');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

/** `redocly lint --format=json` of one document: its problems. */
function lint(file: string, doc: unknown): Promise<Problem[]> {
  writeFileSync(file, JSON.stringify(doc));
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  return new Promise((done, fail) => {
    // Exit code 1 when the document has errors: the JSON report on stdout says which.
    execFile(
      process.execPath,
      [CLI, 'lint', file, `--config=${CONFIG}`, '--format=json', '--max-problems=10000'],
      { env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        try {
          done((JSON.parse(stdout) as { problems: Problem[] }).problems);
        } catch {
          fail(new Error(`redocly lint gave no report (${err?.message ?? 'no error'}): ${stderr}`));
        }
      },
    );
  });
}

const EXAMPLE = resolve(__dirname, '../../../examples/typed-client');

/** Calls the generated types must refuse, each on its own line (1-based line numbers below). */
const WRONG = `import { loomClient } from './main';
const loom = loomClient('http://localhost:8080');
void loom.GET('/core/v2/posts', { params: { query: { per_pages: 5 } } });
void loom.GET('/core/v2/posts').then(({ data }) => data?.title);
void loom.POST('/core/v2/media', { body: { alt_text: 'no file' } });
void loom.GET('/events/v1/events').then(({ data }) => data?.map((e) => e.id));
`;

/** Type errors by file name: the example's tsconfig, with the example and the generated types in `at`. */
function typeErrors(at: string): Record<string, number[]> {
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(join(EXAMPLE, 'tsconfig.json'), ts.sys.readFile).config,
    ts.sys,
    at,
  );
  const options: ts.CompilerOptions = {
    ...config.options,
    noEmit: true,
    // The temp dir is outside the checkout: packages and @types come from the checkout's node_modules.
    baseUrl: dirname(dirname(require.resolve('openapi-fetch/package.json'))),
    typeRoots: [resolve(__dirname, '../../../node_modules/@types')],
  };
  const program = ts.createProgram([join(at, 'main.ts'), join(at, 'wrong.ts')], options);
  const out: Record<string, number[]> = { 'main.ts': [], 'wrong.ts': [] };
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const name = d.file ? d.file.fileName.slice(at.length + 1) : 'options';
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    (out[name] ??= []).push(line);
    if (name !== 'wrong.ts') console.error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }
  return out;
}

let site: Site;
let dir: string;
let doc: { paths: Record<string, Record<string, { summary?: string; operationId: string }>> };
beforeAll(async () => {
  site = await startSite();
  dir = mkdtempSync(join(tmpdir(), 'loom-openapi-tools-'));
  doc = await (await fetch(`${site.url}/api-docs/openapi.json`)).json();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await site?.close();
});

test('the document has no lint error, and no warning but the license it cannot name; a flawed copy has errors', async () => {
  const flawed = structuredClone(doc);
  const posts = flawed.paths['/core/v2/posts']!;
  delete posts.get!.summary;
  posts.post!.operationId = posts.get!.operationId;
  const [problems, flawedProblems] = await Promise.all([
    lint(join(dir, 'loom.json'), doc),
    lint(join(dir, 'flawed.json'), flawed),
  ]);
  const brief = (list: Problem[]) => list.map((p) => `${p.severity} ${p.ruleId}`).sort();
  // Loom's licence is its deployer's to state: the one warning the recommended rules keep.
  expect(brief(problems)).toEqual(['warn info-license']);
  expect(brief(flawedProblems)).toEqual([
    'error operation-operationId-unique',
    'error operation-summary',
    'warn info-license',
  ]);
  expect(flawedProblems.find((p) => p.ruleId === 'operation-summary')!.location[0]!.pointer).toBe(
    '#/paths/~1core~1v2~1posts/get/summary',
  );
});

test('the types generated from the document check the example, and refuse wrong calls', async () => {
  await promisify(execFile)(process.execPath, [join(EXAMPLE, 'generate.js'), site.url, join(dir, 'loom-api.d.ts')]);
  writeFileSync(join(dir, 'main.ts'), readFileSync(join(EXAMPLE, 'main.ts')));
  writeFileSync(join(dir, 'wrong.ts'), WRONG);
  const errors = typeErrors(dir);
  expect(errors['main.ts']).toEqual([]);
  // A misspelt parameter, a list read as one item, an upload without its file, an archive read as a list.
  expect([...new Set(errors['wrong.ts'])]).toEqual([3, 4, 5, 6]);
  expect(Object.keys(errors)).toEqual(['main.ts', 'wrong.ts']);
});

describe('the example against the running site', () => {
  let loom: Loom;
  beforeAll(async () => {
    const { password } = await createAppPassword(site.services['core-content'].url, ADMIN);
    loom = loomClient(site.url, { user: ADMIN.login, appPassword: password });
  });

  test('lists and JSON writes', async () => {
    const id = await createCategory(loom, 'Typed client');
    expect(id).toBeGreaterThan(1);
    const { data } = await loom.GET('/core/v2/categories', { params: { query: { include: [id] } } });
    expect(data?.map((c) => c.name)).toEqual(['Typed client']);
    await loom.POST('/core/v2/posts', { body: { title: { raw: 'Typed' }, status: 'publish' } });
    expect(await latestTitles(loom, 5)).toContain('Typed');
    expect(await upcomingEvents(loom)).toEqual({ titles: [], total: 0 });
  });

  test('a multipart upload', async () => {
    const url = await uploadFile(
      loom,
      new File(['Hello from a typed client.\n'], 'hello.txt', { type: 'text/plain' }),
      'A greeting',
    );
    expect(url).toMatch(/\/hello\.txt$/);
    // The services' test base URL is loom.test: the file is read through the gateway's /uploads/.
    expect(await (await fetch(new URL(new URL(url).pathname, site.url))).text()).toBe('Hello from a typed client.\n');
  });

  test('a contact-form submission, as multipart', async () => {
    const { data: form } = await loom.POST('/formsA/v1/contact-forms', {
      body: { title: 'Typed', form: '[text* your-name] [submit "Send"]', context: 'save' },
    });
    const id = (form as { id: number }).id;
    expect(await submitContactForm(loom, id, { 'your-name': '' })).toMatchObject({
      contact_form_id: id,
      status: 'validation_failed',
      into: `#wpcf7-f${id}-o1`,
    });
  });
});
