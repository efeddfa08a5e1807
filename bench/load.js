/**
 * A closed-loop load generator for workloads wrk cannot report apart: `connections` loops, each sending the next
 * request as soon as its previous answer has arrived, for `seconds`, timing every request by its kind (a mixed
 * workload's reads and writes each get their own percentiles). Kept-alive connections on loopback only; bounded
 * by time and by `maxRequests`.
 */
'use strict';
const http = require('node:http');
const { performance } = require('node:perf_hooks');

function send(agent, base, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve) => {
    const payload =
      body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': payload.length, ...headers }
          : headers,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;

/**
 * Runs the workload: `next(i)` gives request i as `{kind, method, path, headers, body}`. Resolves with, per kind,
 * `{count, rps, p50, p99, errors}` (errors: no answer, or a status of 400 or more unless `ok(status)` says otherwise).
 */
async function load(base, { connections = 50, seconds = 5, maxRequests = 1e6, next, ok = (s) => s > 0 && s < 400 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times = new Map();
  const errors = new Map();
  let issued = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until && issued < maxRequests) {
      const request = next(issued++);
      const t = performance.now();
      const status = await send(agent, base, request);
      const kind = request.kind ?? 'all';
      if (!times.has(kind)) times.set(kind, []);
      times.get(kind).push(performance.now() - t);
      if (!ok(status)) errors.set(kind, (errors.get(kind) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const out = {};
  for (const [kind, xs] of times) {
    xs.sort((a, b) => a - b);
    out[kind] = {
      count: xs.length,
      rps: Math.round(xs.length / elapsed),
      p50: Math.round(percentile(xs, 0.5) * 10) / 10,
      p99: Math.round(percentile(xs, 0.99) * 10) / 10,
      errors: errors.get(kind) ?? 0,
    };
  }
  return out;
}

module.exports = { load };
