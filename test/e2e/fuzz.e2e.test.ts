/**
 * Issue 10, "a fuzz suite that keeps it so": for every route and method of the merged route index, valid and
 * hostile values for each declared argument (and placeholders, bodies, content types, `_method`, `_fields`,
 * `_embed`, `_envelope`, batches, raw HTTP), anonymously and as an administrator, against the real processes.
 * Asserts no 5xx but WordPress's own, every error in WordPress's shape, every process still up, and no property
 * added to Object.prototype. Seeded (LOOM_FUZZ_SEED, printed), bounded: LOOM_FUZZ_COUNT random requests after the
 * coverage pass (default 2000), LOOM_FUZZ_CONCURRENCY in flight (8), LOOM_FUZZ_TIME_MS for the whole run (75 s).
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { call, closeAgent } from './fuzz/client';
import { compareProbes, takeProbes, type Probe } from './fuzz/probes';
import { Rng, seedFromEnv } from './fuzz/prng';
import { formatFailures } from './fuzz/report';
import { endpointsOf, type Endpoint } from './fuzz/routes';
import { runFuzz, type RunResult } from './fuzz/run';
import { Site } from './fuzz/site';
import { Cluster, SERVICES, type Proc } from './processes';

const envInt = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
const SEED = seedFromEnv();
const COUNT = envInt('LOOM_FUZZ_COUNT', 2000);
const CONCURRENCY = envInt('LOOM_FUZZ_CONCURRENCY', 8);
const TIME_MS = envInt('LOOM_FUZZ_TIME_MS', 75_000);

const cluster = new Cluster();
let site: Site;
let endpoints: Endpoint[];
let before: Probe[];
let result: RunResult;

const cli = (...args: string[]) =>
  execFileSync(process.execPath, [join(resolve(__dirname, '../..'), 'services/core-content/dist/cli.js'), ...args], {
    env: cluster.env,
    encoding: 'utf8',
  });
const passwordOf = (out: string) => /Password: (.+)\n/.exec(out)![1]!;

beforeAll(async () => {
  console.log(
    `fuzz seed ${SEED} (replay with LOOM_FUZZ_SEED=${SEED}), ${COUNT} random requests, ${CONCURRENCY} in flight`,
  );
  // Failed sign-ins are part of the fuzz: the throttle must not turn the administrator away for the rest of the run.
  await cluster.init({ LOOM_AUTH_MAX_FAILURES: '1000000', LOOM_AUTH_MAX_USER_FAILURES: '1000000', LOG_LEVEL: 'warn' });
  cli('users', 'create', '--login', 'root', '--email', 'root@example.com', '--role', 'administrator');
  cli('users', 'create', '--login', 'fuzzer', '--email', 'fuzzer@example.com', '--role', 'administrator');
  const root = {
    login: 'root',
    password: passwordOf(cli('app-passwords', 'create', '--login', 'root', '--name', 'harness')),
    id: 0,
  };
  const fuzzer = {
    login: 'fuzzer',
    password: passwordOf(cli('app-passwords', 'create', '--login', 'fuzzer', '--name', 'fuzz')),
  };
  for (const s of SERVICES) await cluster.start(s);
  await cluster.start('gateway');
  site = new Site(cluster.ports.gateway, root, fuzzer);
  root.id = ((await site.asRoot('GET', '/rest/core/v2/users/me')).body as { id: number }).id;
  const index = await call(cluster.ports.gateway, 'GET', '/rest/');
  endpoints = endpointsOf(index.body as Parameters<typeof endpointsOf>[0]);
  before = await takeProbes(cluster.ports.gateway, site);

  const started = Date.now();
  result = await runFuzz({
    port: cluster.ports.gateway,
    site,
    endpoints,
    rng: new Rng(SEED),
    count: COUNT,
    concurrency: CONCURRENCY,
    deadline: started + TIME_MS,
    requestTimeoutMs: 15_000,
    watched: {
      procs: () => cluster.procs as Map<string, import('node:child_process').ChildProcess>,
      restart: (p) => cluster.start(p as Proc),
    },
    log: (line) => console.log(`fuzz: ${line}`),
  });
  const statuses = [...result.statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(
    `fuzz seed ${SEED}: ${result.sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (${statuses}); ${result.failures.length} failing; ${result.unsendable} refused by node:http before sending; fuzzer replaced ${result.repairs}×`,
  );
  console.log(`fuzz: slowest answers:\n${result.slowest.map((x) => `${x.ms} ms  ${x.req}`).join('\n')}`);
  if (result.leftOver) console.warn(`fuzz: the ${TIME_MS} ms budget ran out with ${result.leftOver} requests not sent`);
}, TIME_MS + 60_000);

afterAll(async () => {
  closeAgent();
  await cluster.stopAll();
});

const replay = `(seed ${SEED}: LOOM_FUZZ_SEED=${SEED} npx jest test/e2e/fuzz)`;

/** The processes' own error and warning lines with an error (stack traces of 500s, upstream failures), first few per process. */
const errorLogs = () =>
  [...cluster.logs]
    .flatMap(([p, text]) =>
      text
        .split('\n')
        .filter((l) => /"level":(40|50|60)/.test(l) && l.includes('"err":'))
        .slice(0, 5)
        .map((l) => `${p}: ${l.length > 1500 ? `${l.slice(0, 700)} … ${l.slice(-700)}` : l}`),
    )
    .join('\n');

test('no 5xx but WordPress’s own, and every error is {code, message, data: {status}}', () => {
  const logs = errorLogs();
  if (result.failures.length)
    throw new Error(`${formatFailures(result.failures)}\n${logs ? `\nError logs:\n${logs}\n` : ''}${replay}`);
});

test('every process stayed up and still answers /healthz', async () => {
  const exits = result.exits.map(
    (e) =>
      `${e.proc} exited (code ${e.code}, signal ${e.signal}) with in flight:\n  ${e.inFlight.join('\n  ') || '(nothing)'}\n last sent:\n  ${e.recent.join('\n  ')}`,
  );
  for (const p of [...SERVICES, 'gateway'] as Proc[]) {
    const h = await call(cluster.ports[p], 'GET', '/healthz').catch((e: Error) => ({ status: 0, body: e.message }));
    if (h.status !== 200) exits.push(`${p}: /healthz answered ${h.status} ${JSON.stringify(h.body)}`);
  }
  if (exits.length) throw new Error(`${exits.join('\n')}\n${replay}`);
});

test('no property was added to Object.prototype: the probes answer as before the run', async () => {
  const problems = compareProbes(before, await takeProbes(cluster.ports.gateway, site));
  const first = result.firstPollution;
  if (first)
    problems.push(`first polluted answer: ${first.answer}\n sent just before it:\n  ${first.before.join('\n  ')}`);
  if (problems.length) throw new Error(`${problems.join('\n')}\n${replay}`);
});

test('every route and method of the index was answered, anonymously and as an administrator', () => {
  const missing = endpoints.flatMap((e) =>
    (['anonymous', 'admin'] as const)
      .filter((as) => !result.answered.has(`${e.method} ${e.route} ${as}`))
      .map((as) => `${e.method} ${e.route} as ${as}`),
  );
  if (result.leftOver === 0) expect(missing).toEqual([]);
});
