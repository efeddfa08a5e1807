#!/usr/bin/env node
/**
 * `npm start`: runs the gateway and the four services as separate processes (as Kubernetes does), with
 * embedded stores under ./data, and stops them all cleanly on Ctrl-C / SIGTERM. Like a kubelet, it restarts a
 * process that exits on its own, after a delay that doubles with each quick crash (capped); the gateway answers
 * 503 for that service's namespace meanwhile.
 *
 * It says when the site is ready: one line per process as its /readyz turns 200 (the gateway's once its route
 * index is complete), then the addresses to open and, on a first start, the administrator's generated password
 * (core-content logs it once; here it is repeated where it cannot be lost among request logs). A start still not
 * ready after SLOW_START_MS says what it waits for, and shows that password then rather than risk never showing it.
 *
 * The ports (*_PORT) are all it takes to run beside another Loom: the services' URLs (*_URL) follow them unless
 * set, and the site's address (LOOM_BASE_URL) follows GATEWAY_PORT. Without SMTP_URL, a local mail catcher
 * (mail-catcher.js) takes the forms' mail and shows it on a page of its own.
 */
'use strict';
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const services = ['core-content', 'events', 'forms', 'oembed', 'gateway'];
// The kit's own reading of *_PORT, *_URL and LOOM_HOST (from the build `npm start` has just made).
const { envInt, envSwitch, localUrl, portVar, serviceUrl, urlVar, DEFAULT_PORTS } = require(
  path.join(root, 'libs/service-kit/dist/config.js'),
);

const env = { ...process.env };
// One random secret per run, shared by the processes, unless the operator set one.
if (!env.LOOM_INTERNAL_SECRET) env.LOOM_INTERNAL_SECRET = randomBytes(32).toString('hex');
env.DATA_DIR = env.DATA_DIR || path.join(root, 'data');
// The processes' output passes through here (to find the generated password): keep their logs pretty on a terminal.
if (process.stdout.isTTY && !env.LOG_FORMAT) env.LOG_FORMAT = 'pretty';

/** Restart delays: 1 s, 2 s, 4 s... up to LOOM_RESTART_MAX_MS; a process that ran this long starts again from 1 s. */
const RESTART_BASE_MS = 1000;
const RESTART_MAX_MS = Number(env.LOOM_RESTART_MAX_MS) > 0 ? Number(env.LOOM_RESTART_MAX_MS) : 30000;
const HEALTHY_AFTER_MS = 60000;
/** How often a starting process's /readyz is asked, and after how long a process still not ready is reported. */
const READY_POLL_MS = 200;
const SLOW_START_MS = 15000;

// Each service's URL follows its port unless set, so that the gateway (and the services' clients of core-content)
// never reach another stack on the default ports.
for (const name of services) if (name !== 'gateway') env[urlVar(name)] = serviceUrl(name, env);
const gatewayPort = envInt(env, portVar('gateway'), DEFAULT_PORTS.gateway);
// The site's address follows GATEWAY_PORT unless set: the processes' links and forms then name the gateway they run behind.
env.LOOM_BASE_URL = (env.LOOM_BASE_URL || `http://localhost:${gatewayPort}`).replace(/\/+$/, '');
const baseUrl = env.LOOM_BASE_URL;
/** The /wp-json face's root, unless LOOM_WP_FACE turns it off (read as the gateway reads it). */
const wpJson = envSwitch(env, 'LOOM_WP_FACE', true) ? `${baseUrl}/wp-json/` : undefined;
/** The front page's links (services/gateway/src/home.ts), from the build `npm start` has just made. */
function siteLinks() {
  try {
    return require(path.join(root, 'services/gateway/dist/home.js')).siteLinks(
      { baseUrl, restUrl: `${baseUrl}/rest` },
      wpJson,
    );
  } catch {
    return {
      rest: `${baseUrl}/rest/`,
      wpJson,
      docs: `${baseUrl}/api-docs/`,
      signIn: `${baseUrl}/admin/authorize-application?app_name=API+client`,
    };
  }
}

const children = new Map();
const timers = new Set();
const readyOnce = new Set();
let stopping = false;
let summarised = false;
/** The administrator core-content created on this start with a generated password, if it did. */
let generatedAdmin = null;
/** Whether SLOW_START_MS has passed without the summary, and whether the password was shown then. */
let slowStart = false;
let adminShown = false;
/** The local mail catcher's page, when this start runs one (no SMTP_URL). */
let mailPage = null;
/** The gateway's last /readyz body (what its route index misses). */
let gatewayReadiness = null;

const say = (line) => console.log(`[loom] ${line}`);

/**
 * Copies a child's output through, line by line (so that lines of different processes never interleave), and
 * hands each line to `onLine`.
 */
function relay(stream, out, onLine) {
  let pending = '';
  stream.on('data', (chunk) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      out.write(`${line}\n`);
      onLine(line);
    }
  });
  stream.on('end', () => {
    if (pending) out.write(`${pending}\n`);
  });
}

// bootstrap.ts's message, in pretty or JSON logs (where the quotes are escaped).
const GENERATED = /Created administrator \\?"(.+?)\\?" with generated password: (\S+)/;
// Colour codes of pretty logs (ESC [ ... m), removed before matching.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function watchLine(name, line) {
  if (name !== 'core-content' || generatedAdmin) return;
  const m = GENERATED.exec(line.replace(ANSI, ''));
  if (m) {
    generatedAdmin = { login: m[1], password: m[2] };
    if (slowStart) showAdmin();
  }
}

const adminLines = () => [
  `  Administrator   ${generatedAdmin.login}   password: ${generatedAdmin.password}`,
  '                  generated on this first start and shown only now: note it (LOOM_ADMIN_PASSWORD chooses it)',
];

/** A slow start: the generated password now, not only in a summary that may never come. */
function showAdmin() {
  if (summarised || adminShown || !generatedAdmin) return;
  adminShown = true;
  for (const line of ['', ...adminLines(), '']) console.log(line ? `[loom] ${line}` : '');
}

/** SLOW_START_MS after launch without the summary: what is still not ready, and the password if one was made. */
function stillStarting() {
  if (summarised || stopping) return;
  slowStart = true;
  const waiting = services.filter((s) => !readyOnce.has(s));
  say(
    `not ready after ${SLOW_START_MS / 1000} s; still waiting for ${waiting.join(', ')}${waiting.includes('gateway') ? indexGaps(gatewayReadiness) : ''}`,
  );
  showAdmin();
}

function run(name, crashes) {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'services', name, 'dist', 'main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: root,
  });
  children.set(name, child);
  say(`${name} started (pid ${child.pid})`);
  relay(child.stdout, process.stdout, (line) => watchLine(name, line));
  relay(child.stderr, process.stderr, (line) => watchLine(name, line));
  void waitReady(name, child, startedAt);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) {
      if (children.size === 0) process.exit(0);
      return;
    }
    const streak = Date.now() - startedAt >= HEALTHY_AFTER_MS ? 0 : crashes;
    const delay = Math.min(RESTART_BASE_MS * 2 ** streak, RESTART_MAX_MS);
    console.error(
      `[loom] ${name} exited (${signal || `code ${code}`}); restarting it in ${delay / 1000} s (restart ${streak + 1})`,
    );
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) run(name, streak + 1);
    }, delay);
    timers.add(timer);
  });
}

/** Polls the process's /readyz until 200 (or until it exits), then prints its line, and the summary once all are. */
async function waitReady(name, child, startedAt) {
  let slowReported = false;
  while (!stopping && child.exitCode === null && child.signalCode === null) {
    let body = null;
    try {
      const res = await fetch(`${localUrl(name, env)}/readyz`, { signal: globalThis.AbortSignal.timeout(2000) });
      body = await res.json().catch(() => null);
      // Only our child's answer counts: another program on its port (the child then fails to listen) is not it.
      const ours = body && body.pid === child.pid;
      if (name === 'gateway' && ours) gatewayReadiness = body;
      if (res.ok && ours) {
        say(`${name} ready${readyOnce.has(name) ? ' again' : ''}: ${readyLine(name, body)}`);
        readyOnce.add(name);
        if (!summarised && readyOnce.size === services.length) summary();
        return;
      }
    } catch {
      // not listening yet
    }
    // Before the first summary the start's own notice (stillStarting) says it; this one is for a later restart.
    if (summarised && !slowReported && Date.now() - startedAt > SLOW_START_MS) {
      slowReported = true;
      say(`${name} is not ready after ${SLOW_START_MS / 1000} s${indexGaps(body)}; still waiting`);
    }
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
}

/** What the gateway's /readyz says its index misses, and which services it refuses (another stack's). */
function indexGaps(body) {
  if (!body || !Array.isArray(body.missing) || !body.missing.length) return '';
  const foreign = Object.entries(body.upstreams || {})
    .filter(([, status]) => status === 'foreign')
    .map(([s]) => `${s} at ${env[urlVar(s)]}`);
  return ` (its route index misses ${body.missing.join(', ')}${foreign.length ? `; refused as another Loom's, without this start's LOOM_INTERNAL_SECRET: ${foreign.join(', ')}` : ''})`;
}

function readyLine(name, body) {
  if (name === 'gateway') return `REST root ${siteLinks().rest}${indexGaps(body)}`;
  return `${localUrl(name, env)} (behind the gateway)`;
}

function summary() {
  summarised = true;
  const links = siteLinks();
  const lines = [
    '',
    'Loom is ready.',
    `  REST root       ${links.rest}`,
    ...(links.wpJson
      ? [`  WordPress root  ${links.wpJson}   (the same API in WordPress's names, for WordPress clients)`]
      : []),
    `  API reference   ${links.docs}`,
    `  Sign in         ${links.signIn}   (creates an application password for API clients)`,
  ];
  if (mailPage)
    lines.push(`  Mail            ${mailPage}   (SMTP_URL is unset: the site's mail is caught here, not sent)`);
  if (generatedAdmin) lines.push(...adminLines());
  lines.push('');
  for (const line of lines) console.log(line ? `[loom] ${line}` : '');
}

/** Without SMTP_URL, the local mail catcher takes the forms' mail (one log line per message). */
async function catchMail() {
  if (env.SMTP_URL) return;
  let catcher;
  try {
    catcher = await require('./mail-catcher').startMailCatcher({
      onMail: (m) => say(`mail caught: to ${m.to}, subject ${JSON.stringify(m.subject)}`),
    });
  } catch (err) {
    say(`SMTP_URL is unset and the local mail catcher did not start (${err.message}): the forms' mail stays queued`);
    return;
  }
  env.SMTP_URL = catcher.smtpUrl;
  mailPage = catcher.pageUrl;
  say(`SMTP_URL is unset: mail goes to a local catcher, shown at ${mailPage}`);
}

void catchMail().then(() => {
  if (stopping) return;
  for (const name of services) run(name, 0);
  say(`starting ${services.join(', ')}; REST root: ${baseUrl}/rest/`);
  const slow = setTimeout(stillStarting, SLOW_START_MS);
  timers.add(slow);
});

function stop(signal) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping services (requests in flight are finished first)`);
  for (const t of timers) clearTimeout(t);
  if (children.size === 0) process.exit(0);
  for (const child of children.values()) child.kill('SIGTERM');
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
