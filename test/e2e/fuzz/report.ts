/**
 * Failures, grouped by what went wrong where (kind, method, route, detail), each with the first requests that
 * showed it, printed whole enough to replay: method, raw path, headers, body (truncated) and the answer.
 */
import type { Outcome } from './client';
import type { Problem } from './oracle';
import type { FuzzRequest } from './requests';

export interface Failure {
  problem: Problem;
  req: FuzzRequest;
  outcome?: Outcome;
}

const cut = (s: string, n = 600) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** Hex escapes for what a terminal would hide (NUL, lone surrogates, bytes >= 0x80 in a latin1 view). */
const visible = (s: string) =>
  [...s]
    .map((c) =>
      c.length === 1 && (c < ' ' || c === '\u007f' || (c >= '\ud800' && c <= '\udfff'))
        ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
        : c,
    )
    .join('');

export function describeRequest(req: FuzzRequest): string {
  const body =
    req.body === undefined
      ? ''
      : Buffer.isBuffer(req.body)
        ? `\n    body (hex): ${cut(req.body.toString('hex'), 400)}`
        : `\n    body: ${cut(visible(req.body))}`;
  return `${req.method} ${cut(req.path)} as ${req.as}\n    headers: ${JSON.stringify(req.headers)}${body}\n    (${req.note})`;
}

export function describeOutcome(o: Outcome | undefined): string {
  if (!o) return '';
  if (!o.ok) return `\n    → ${o.error}`;
  return `\n    → ${o.res.status} ${String(o.res.headers['content-type'] ?? '')} ${cut(visible(o.res.body.toString('utf8')), 500)}`;
}

/**
 * One group per defect: a 5xx or a wrong error is per route; no answer, pollution and a service down
 * (503 loom_service_unavailable, after a crash say) are the same on every route.
 */
const signature = (f: Failure) =>
  f.problem.kind === 'no answer' ||
  f.problem.kind === 'pollution' ||
  f.problem.detail.includes('loom_service_unavailable')
    ? `${f.problem.kind} | ${f.req.method === 'HEAD' ? 'HEAD' : 'any method'} | ${f.problem.detail.replace(/batch #\d+ /, 'batch item ')}`
    : `${f.problem.kind} | ${f.req.method} ${f.req.route} | ${f.problem.detail.replace(/\d{4,}/g, 'N')}`;

export function formatFailures(failures: Failure[], examples = 2): string {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = signature(f);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(f);
  }
  const lines: string[] = [`${failures.length} failing answers in ${groups.size} groups:`];
  for (const [key, list] of groups) {
    const routes = [...new Set(list.map((f) => f.req.route))];
    lines.push(
      `\n✗ ${key}  (×${list.length}${routes.length > 1 ? `, on ${routes.length} routes: ${routes.slice(0, 4).join(' ')}${routes.length > 4 ? ' …' : ''}` : ''})`,
    );
    for (const f of list.slice(0, examples)) lines.push(`  ${describeRequest(f.req)}${describeOutcome(f.outcome)}`);
  }
  return lines.join('\n');
}
