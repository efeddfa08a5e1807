#!/usr/bin/env node
/**
 * `npm start`: runs the gateway and the four services as separate processes (as Kubernetes does), with
 * embedded stores under ./data, and stops them all cleanly on Ctrl-C / SIGTERM.
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

const children = new Map();
let stopping = false;

for (const name of services) {
  const child = spawn(process.execPath, [path.join(root, 'services', name, 'dist', 'main.js')], { env, stdio: 'inherit', cwd: root });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) console.error(`[loom] ${name} exited (${signal || code}); the other services keep running`);
    if (children.size === 0) process.exit(stopping ? 0 : 1);
  });
}

const port = env.GATEWAY_PORT || 8080;
console.log(`[loom] starting ${services.join(', ')}; REST root: http://localhost:${port}/rest/`);

function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[loom] ${signal}: stopping services (requests in flight are finished first)`);
  for (const child of children.values()) child.kill('SIGTERM');
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
