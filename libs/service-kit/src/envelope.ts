/**
 * `_envelope` and batch item headers as WordPress lists them (WP_REST_Server::envelope_response, the batch's
 * `headers`): the headers the endpoint set, with the counts WordPress stores as integers kept as JSON numbers,
 * and `[]` (PHP's empty array) when there are none.
 */

/** Headers whose value WordPress sets as an integer (`(int) $total`). */
const INTEGER_HEADERS = new Set(['x-wp-total', 'x-wp-totalpages', 'x-tec-total', 'x-tec-totalpages']);

export function envelopeHeaders(headers: Record<string, string>): Record<string, string | number> | [] {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = INTEGER_HEADERS.has(name.toLowerCase()) && /^\d+$/.test(value) ? Number(value) : value;
  }
  return Object.keys(out).length ? out : [];
}
