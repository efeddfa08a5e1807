/**
 * wrk (Debian's) as every bench runs it: 2 threads, LOOM_BENCH_CONNECTIONS (50) connections for LOOM_BENCH_SECONDS
 * (5) unless told, with latency percentiles and a 30 s timeout (wrk's own 2 s would drop every slower answer from
 * the figures: WordPress's batches take longer). A server that closes every connection (PHP's built-in server)
 * shows one read error per request: not a failure.
 */
'use strict';
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const SECONDS = Number(process.env.LOOM_BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.LOOM_BENCH_CONNECTIONS || 50);
const WRK = process.env.LOOM_BENCH_WRK || 'wrk';

const ms = (m) => (m ? Math.round(Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] * 10) / 10 : NaN);

/**
 * wrk's figures: requests per second, p50 and p99 in ms, requests, non-2xx/3xx answers, socket errors by kind,
 * `errors` (the two together), and its whole output (`out`) for what a script prints in its `done`.
 */
async function wrk(
  url,
  { headers = {}, script, threads = 2, connections = CONNECTIONS, seconds = SECONDS, timeout = 30 } = {},
) {
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    `${timeout}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
  ];
  if (script) args.push('-s', script);
  // Not execFileSync: a server in the calling process (a ceiling) must answer meanwhile.
  const { stdout: out } = await promisify(execFile)(WRK, [...args, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socket = Object.fromEntries(
    ['connect', 'read', 'write', 'timeout'].map((k, i) => [k, sock ? Number(sock[i + 1]) : 0]),
  );
  return {
    rps: Math.round(rps),
    p50: ms(/50%\s+([\d.]+)(us|ms|s)\b/.exec(out)),
    p99: ms(/99%\s+([\d.]+)(us|ms|s)\b/.exec(out)),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    non2xx,
    socket,
    errors: non2xx + Object.values(socket).reduce((a, b) => a + b, 0),
    out,
  };
}

module.exports = { wrk, SECONDS, CONNECTIONS };
