/**
 * Responses the gateway writes itself (index, advertised-only namespace roots, errors), with the
 * conventions the services follow for theirs: REST headers, CORS, `_fields`, `_envelope`.
 */
import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import {
  applyFields,
  effectiveMethod,
  envelopeHeaders,
  noRoute,
  parseFieldsParam,
  parsePhpStyle,
  restHeaders,
  wpError,
  type WpError,
} from '@loom/service-kit';
import { corsHeaders, varyWithOrigin } from './cors';

export interface GatewayResult {
  status?: number;
  body: unknown;
  /** Response headers of the route (Allow...), enveloped with the body under `_envelope`. */
  headers?: Record<string, string>;
}

/** The request's query string, parsed the PHP way (`_fields[]=a`), as the services parse it. */
export function queryOf(req: IncomingMessage): Record<string, unknown> {
  const url = req.url ?? '';
  const i = url.indexOf('?');
  return i < 0 ? {} : parsePhpStyle(url.slice(i + 1));
}

/** The method the request asks for, read as its service reads it (the kit's effectiveMethod, reference §2.3). */
export function methodOf(req: IncomingMessage, query: Record<string, unknown>): string {
  return effectiveMethod(req.method, query, req.headers['x-http-method-override']);
}

/** CORS and Vary for any response under /rest (`restUrl`: the REST root, on the site's origin). */
export function setCors(req: Request, res: Response, restUrl: string): void {
  res.set(corsHeaders(req.headers, new URL(restUrl).origin));
  res.set('Vary', varyWithOrigin(res.get('Vary')));
}

export function sendRest(req: Request, res: Response, restUrl: string, result: GatewayResult): void {
  const query = queryOf(req);
  const status = result.status ?? 200;
  const headers = result.headers ?? {};
  const fields = parseFieldsParam(query._fields);
  const body = fields && status < 400 ? applyFields(result.body, fields) : result.body;
  res.set(restHeaders(restUrl));
  setCors(req, res, restUrl);
  if (Object.hasOwn(query, '_envelope')) {
    res.status(200).json({ body, status, headers: envelopeHeaders(headers) });
    return;
  }
  res.set(headers);
  res.status(status).json(body);
}

export function sendError(req: Request, res: Response, restUrl: string, err: WpError): void {
  sendRest(req, res, restUrl, { status: err.status, body: err.toBody() });
}

/** The 503 for a service that cannot answer now (a namespace's, or `authentication`: core-content's credential checks). */
export const serviceUnavailable = (service: string): WpError =>
  wpError('loom_service_unavailable', { message: `The ${service} service is not available right now.` });

export function sendNoRoute(req: Request, res: Response, restUrl: string): void {
  sendError(req, res, restUrl, noRoute());
}
