/**
 * The method a REST request asks for, read one way by the gateway and by every service (issue 22): `_method` in the
 * query beats X-HTTP-Method-Override, as in WordPress's serve_request; a body's `_method` is no override (WordPress
 * reads `$_GET`); HEAD is answered as GET.
 */
export function effectiveMethod(
  method: string | undefined,
  query: Record<string, unknown>,
  overrideHeader: string | string[] | undefined,
): string {
  const header = typeof overrideHeader === 'string' ? overrideHeader : undefined;
  const override = typeof query._method === 'string' ? query._method : header;
  const m = (override || method || 'GET').toUpperCase();
  return m === 'HEAD' ? 'GET' : m;
}
