/**
 * The fuzz run: a coverage pass (for every route and method: valid values anonymously and as an administrator,
 * near-miss placeholders, and each declared argument hostile in turn; batches; raw HTTP), then LOOM_FUZZ_COUNT
 * random requests mixing everything. At most `concurrency` requests in flight, every loop bounded by count and
 * by the deadline; the fuzzer's credentials and the seeded items are repaired as the fuzz destroys them.
 */
import type { ChildProcess } from 'node:child_process';
import { send, type Outcome } from './client';
import { buildBatch } from './batch';
import { check } from './oracle';
import type { Rng } from './prng';
import { RAW_CASES, sendRaw } from './raw';
import { describeRequest, type Failure } from './report';
import { buildRequest, type Caller, type FuzzRequest, type Generator, type Mode } from './requests';
import type { Endpoint } from './routes';
import { basic, type Site } from './site';

export interface Watched {
  /** The processes to watch; a process that exits is recorded and started again so the run can go on. */
  procs: () => Map<string, ChildProcess>;
  restart: (name: string) => Promise<void>;
}

export interface RunOptions {
  port: number;
  site: Site;
  endpoints: Endpoint[];
  rng: Rng;
  count: number;
  concurrency: number;
  deadline: number;
  requestTimeoutMs: number;
  watched: Watched;
  log: (line: string) => void;
}

export interface Exit {
  proc: string;
  code: number | null;
  signal: string | null;
  inFlight: string[];
  recent: string[];
}

export interface RunResult {
  sent: number;
  failures: Failure[];
  exits: Exit[];
  /** `METHOD route` → answered requests, per caller. */
  answered: Map<string, number>;
  statuses: Map<number, number>;
  unsendable: number;
  /** The slowest answers, slowest first (a hostile value that makes a request crawl is a denial of service). */
  slowest: Array<{ ms: number; req: string }>;
  /** The first answer that showed pollution, and what was sent just before it (one of those planted it). */
  firstPollution?: { answer: string; before: string[] };
  /** Jobs left when the deadline came. */
  leftOver: number;
  repairs: number;
}

type Job = (g: Generator) => FuzzRequest | { raw: string; bytes: Buffer };

function coverageJobs(endpoints: Endpoint[], rng: Rng): Job[] {
  const jobs: Job[] = [];
  const other = (c: Caller): Caller => (c === 'admin' ? 'anonymous' : 'admin');
  for (const ep of endpoints) {
    for (const as of ['anonymous', 'admin'] as const) jobs.push((g) => buildRequest(ep, { kind: 'valid' }, as, g));
    if (ep.shape.placeholders.length)
      jobs.push((g) => buildRequest(ep, { kind: 'path' }, rng.chance(0.5) ? 'admin' : 'anonymous', g));
    let as: Caller = rng.chance(0.5) ? 'admin' : 'anonymous';
    for (const arg of Object.keys(ep.args)) {
      const who = (as = other(as));
      jobs.push((g) => buildRequest(ep, { kind: 'hostile', arg }, who, g));
    }
    jobs.push((g) => buildRequest(ep, { kind: 'chaos' }, rng.chance(0.5) ? 'admin' : 'anonymous', g));
  }
  const batchable = endpoints.filter((e) => e.allowBatch);
  for (let i = 0; i < 12; i++)
    jobs.push((g) => buildBatch(batchable, i % 3 === 0 ? 'anonymous' : 'admin', g, i % 2 === 1));
  for (const c of RAW_CASES) jobs.push(() => ({ raw: c.name, bytes: c.bytes }));
  // Shuffled, so that destructive requests are spread over the run rather than bunched per route.
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [jobs[i], jobs[j]] = [jobs[j]!, jobs[i]!];
  }
  return jobs;
}

function randomJob(endpoints: Endpoint[], rng: Rng): Job {
  const batchable = endpoints.filter((e) => e.allowBatch);
  const as: Caller = rng.chance(0.5) ? 'admin' : 'anonymous';
  const r = rng.next();
  if (r < 0.12) return (g) => buildBatch(batchable, as, g, rng.chance(0.7));
  const ep = rng.pick(endpoints);
  const args = Object.keys(ep.args);
  const mode: Mode =
    r < 0.25 && args.length
      ? { kind: 'hostile', arg: rng.pick(args) }
      : r < 0.3
        ? { kind: 'valid' }
        : r < 0.35
          ? { kind: 'path' }
          : { kind: 'chaos' };
  return (g) => buildRequest(ep, mode, as, g);
}

export async function runFuzz(o: RunOptions): Promise<RunResult> {
  const { site, rng, log } = o;
  const result: RunResult = {
    sent: 0,
    failures: [],
    exits: [],
    answered: new Map(),
    statuses: new Map(),
    slowest: [],
    unsendable: 0,
    leftOver: 0,
    repairs: 0,
  };
  const g: Generator = { rng: rng.fork('values'), known: { ids: [], slugs: [] }, fills: new Map() };
  const inFlight = new Set<string>();
  const recent: string[] = [];
  let paused: Promise<void> | null = null;

  const refresh = async (tag: string) => {
    try {
      if (await site.ensureFuzzer()) result.repairs++;
      await site.seed(tag);
      Object.assign(g, await site.discover(o.endpoints));
    } catch (e) {
      // The processes' own failures are reported by the checks; the run goes on with what it knows.
      log(`repair ${tag} failed: ${(e as Error).message}`);
    }
  };

  // A process that exits is a failure; it is started again (the run pausing meanwhile) so the rest still runs.
  const watchers = new Map<ChildProcess, () => void>();
  const watch = () => {
    for (const [name, child] of o.watched.procs()) {
      if (watchers.has(child)) continue;
      const onExit = (code: number | null, signal: string | null) => {
        result.exits.push({ proc: name, code, signal, inFlight: [...inFlight], recent: [...recent] });
        log(`${name} exited (code ${code}, signal ${signal}); starting it again`);
        paused = (async () => {
          try {
            await o.watched.restart(name);
            watch();
          } catch (e) {
            log(`${name} could not be started again: ${(e as Error).message.slice(0, 300)}`);
          }
          paused = null;
        })();
      };
      child.once('exit', onExit);
      watchers.set(child, () => child.off('exit', onExit));
    }
  };
  watch();

  await refresh('0');
  const jobs = coverageJobs(o.endpoints, rng.fork('coverage'));
  const coverage = jobs.length;
  const total = coverage + o.count;
  log(`coverage pass: ${coverage} requests over ${o.endpoints.length} route methods; then ${o.count} random ones`);
  const jobRng = rng.fork('random');
  let next = 0;
  let done = 0;
  const maintenanceEvery = 250;

  const one = async (job: Job) => {
    let made = job(g);
    // The harness's own account is left alone: such a request is drawn again (bounded), else skipped.
    const touchesRoot = (m: typeof made) => !('raw' in m) && site.touchesRoot(`${m.path} ${m.body?.toString() ?? ''}`);
    for (let tries = 0; tries < 5 && touchesRoot(made); tries++) made = job(g);
    if (touchesRoot(made)) return;
    if ('raw' in made) {
      const label = `raw HTTP: ${made.raw}`;
      inFlight.add(label);
      const answer = await sendRaw(o.port, made.bytes, o.requestTimeoutMs);
      inFlight.delete(label);
      result.sent++;
      const req: FuzzRequest = {
        method: 'RAW',
        path: made.raw,
        headers: {},
        body: made.bytes.toString('latin1').slice(0, 300),
        as: 'anonymous',
        route: '(raw HTTP)',
        note: made.raw,
      };
      if ('error' in answer) result.failures.push({ problem: { kind: 'no answer', detail: answer.error }, req });
      else if (answer.status !== null) {
        const outcome: Outcome = {
          ok: true,
          ms: 0,
          res: { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, 'latin1') },
        };
        for (const problem of check('RAW', '/', outcome)) result.failures.push({ problem, req, outcome });
      }
      return;
    }
    // The administrator's credentials go on the wire only, not into the report (`as admin` says it).
    const wire =
      made.as === 'admin' ? { ...made, headers: { authorization: basic(site.fuzzer), ...made.headers } } : made;
    const label = describeRequest(made);
    inFlight.add(label);
    recent.push(label.slice(0, 400));
    if (recent.length > 8) recent.shift();
    const outcome = await send(o.port, wire, o.requestTimeoutMs);
    let judged = { method: made.method, outcome };
    if (made.method === 'HEAD' && outcome.ok && outcome.res.status >= 500) {
      // A HEAD answer has no body to name its error: the same request as GET does (501 rest_trash_not_supported
      // under `_method=DELETE`, say).
      const again = await send(o.port, { ...wire, method: 'GET' }, o.requestTimeoutMs);
      if (again.ok && again.res.status === outcome.res.status) judged = { method: 'GET', outcome: again };
    }
    inFlight.delete(label);
    result.sent++;
    if (!outcome.ok && outcome.error.startsWith('unsendable')) return void result.unsendable++;
    if (outcome.ms > (result.slowest[4]?.ms ?? 0)) {
      result.slowest.push({ ms: outcome.ms, req: label.slice(0, 300) });
      result.slowest.sort((a, b) => b.ms - a.ms).splice(5);
    }
    if (outcome.ok) {
      const key = `${made.method} ${made.route} ${made.as}`;
      result.answered.set(key, (result.answered.get(key) ?? 0) + 1);
      result.statuses.set(outcome.res.status, (result.statuses.get(outcome.res.status) ?? 0) + 1);
    }
    for (const problem of check(judged.method, made.path, judged.outcome)) {
      result.failures.push({ problem, req: made, outcome: judged.outcome });
      if (problem.kind === 'pollution') result.firstPollution ??= { answer: label, before: [...recent] };
    }
  };

  const worker = async () => {
    while (next < total && Date.now() < o.deadline) {
      while (paused) await paused;
      const i = next++;
      if (i > 0 && i % maintenanceEvery === 0) {
        paused = refresh(String(i)).finally(() => (paused = null));
        await paused;
      }
      try {
        await one(i < coverage ? jobs[i]! : randomJob(o.endpoints, jobRng));
      } catch (e) {
        // A bug of the suite itself: reported, and the run goes on.
        result.failures.push({
          problem: { kind: 'harness', detail: (e as Error).stack ?? String(e) },
          req: { method: '-', path: '-', headers: {}, as: 'anonymous', route: '(harness)', note: `job ${i}` },
        });
      }
      done++;
    }
  };
  try {
    await Promise.all(Array.from({ length: o.concurrency }, worker));
    while (paused) await paused;
  } finally {
    // The processes are stopped after the run: that is no crash to restart from.
    for (const off of watchers.values()) off();
  }
  result.leftOver = total - done;
  return result;
}
