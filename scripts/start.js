#!/usr/bin/env node
/**
 * `npm start`: runs the gateway and the four services as separate processes (as Kubernetes does), with
 * embedded stores under ./data, and stops them all cleanly on Ctrl-C / SIGTERM. Like a kubelet, it restarts a
 * process that exits on its own, after a delay that doubles with each quick crash (capped); the gateway answers
 * 503 for that service's namespace meanwhile.
 */
'use strict';
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const services = ['core-content', 'events', 'forms', 'oembed', 'gateway'];

const env = { ...process.env };
// One random secret per run, shared by the processes, unless the operator set one.
if (!env.LOOM_INTERNAL_SECRET) env.LOOM_INTERNAL_SECRET = randomBytes(32).toString('hex');
env.DATA_DIR = env.DATA_DIR || path.join(root, 'data');

/** Restart delays: 1 s, 2 s, 4 s... up to LOOM_RESTART_MAX_MS; a process that ran this long starts again from 1 s. */
const RESTART_BASE_MS = 1000;
const RESTART_MAX_MS = Number(env.LOOM_RESTART_MAX_MS) > 0 ? Number(env.LOOM_RESTART_MAX_MS) : 30000;
const HEALTHY_AFTER_MS = 60000;

const children = new Map();
const timers = new Set();
let stopping = false;

function run(name, crashes) {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'services', name, 'dist', 'main.js')], { env, stdio: 'inherit', cwd: root });
  children.set(name, child);
  console.log(`[loom] ${name} started (pid ${child.pid})`);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) {
      if (children.size === 0) process.exit(0);
      return;
    }
    const streak = Date.now() - startedAt >= HEALTHY_AFTER_MS ? 0 : crashes;
    const delay = Math.min(RESTART_BASE_MS * 2 ** streak, RESTART_MAX_MS);
    console.error(`[loom] ${name} exited (${signal || `code ${code}`}); restarting it in ${delay / 1000} s (restart ${streak + 1})`);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) run(name, streak + 1);
    }, delay);
    timers.add(timer);
  });
}

for (const name of services) run(name, 0);

const port = env.GATEWAY_PORT || 8080;
console.log(`[loom] starting ${services.join(', ')}; REST root: http://localhost:${port}/rest/`);

function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[loom] ${signal}: stopping services (requests in flight are finished first)`);
  for (const t of timers) clearTimeout(t);
  if (children.size === 0) process.exit(0);
  for (const child of children.values()) child.kill('SIGTERM');
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
