/**
 * OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set. Otherwise the SDK is never loaded (it and the API are required
 * lazily, inside initTracing) and every function here is a plain pass-through.
 *
 * One tracer per process. Spans: the gateway's and each service's server span per request (joined through
 * the W3C `traceparent` header the gateway and the typed service clients send), the gateway's client span
 * per upstream call, and a span per store operation; the active span travels in AsyncLocalStorage.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type * as Api from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';

interface Tracing {
  api: typeof Api;
  tracer: Api.Tracer;
  provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> };
}

let tracing: Tracing | undefined;

/** Whether the environment asks for traces (the exporter's own variables; see its documentation). */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
    env.OTEL_SDK_DISABLED !== 'true'
  );
}

/**
 * Starts tracing for this process when `env` asks for it; idempotent (the first service name wins). The exporter
 * reads the OTLP endpoint, headers and timeout from the standard OTEL_* variables of process.env;
 * the resource's `service.name` is OTEL_SERVICE_NAME or `loom-<service>`.
 */
export function initTracing(service: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (tracing) return true;
  if (!tracingRequested(env)) return false;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const api = require('@opentelemetry/api') as typeof Api;
  const { BasicTracerProvider, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { AsyncLocalStorageContextManager } =
    require('@opentelemetry/context-async-hooks') as typeof import('@opentelemetry/context-async-hooks');
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || `loom-${service}` }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  tracing = { api, tracer: provider.getTracer('loom'), provider };
  return true;
}

export function tracingEnabled(): boolean {
  return tracing !== undefined;
}

export async function shutdownTracing(): Promise<void> {
  await tracing?.provider.shutdown();
}

const passThrough = (_req: Request, _res: Response, next: NextFunction) => next();

/**
 * A server span per request, child of the caller's `traceparent` when one came, active while the request is
 * handled; named `<METHOD> <route pattern>` once answered. `service` goes in the `loom.service` attribute.
 */
export function tracingMiddleware(service: string, routeOf: (req: Request, res: Response) => string) {
  if (!tracing) return passThrough;
  const { api, tracer } = tracing;
  return (req: Request, res: Response, next: NextFunction): void => {
    const parent = api.propagation.extract(
      api.ROOT_CONTEXT,
      req.headers as IncomingHttpHeaders,
      api.defaultTextMapGetter,
    );
    const span = tracer.startSpan(
      req.method,
      { kind: api.SpanKind.SERVER, attributes: { 'loom.service': service, 'http.request.method': req.method } },
      parent,
    );
    res.once('close', () => {
      const route = routeOf(req, res);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({
        'http.route': route,
        'http.response.status_code': res.statusCode,
        'loom.request_id': String(res.locals.requestId ?? ''),
      });
      if (res.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    });
    api.context.with(api.trace.setSpan(parent, span), next);
  };
}

/** Runs `fn` in a child span of the active one (or just runs it when tracing is off). */
export function inSpan<T>(name: string, attributes: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  if (!tracing) return fn();
  const { api, tracer } = tracing;
  return tracer.startActiveSpan(name, { kind: api.SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** A started span whose end the caller decides (the gateway's upstream calls); undefined when tracing is off. */
export interface OpenSpan {
  /** Writes this span's `traceparent` into outgoing headers. */
  inject(headers: Record<string, unknown>): void;
  end(status?: number): void;
}

export function startClientSpan(name: string, attributes: Record<string, string>): OpenSpan | undefined {
  if (!tracing) return undefined;
  const { api, tracer } = tracing;
  const span = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes });
  const ctx = api.trace.setSpan(api.context.active(), span);
  return {
    inject: (headers) => api.propagation.inject(ctx, headers),
    end: (status) => {
      if (status !== undefined) span.setAttribute('http.response.status_code', status);
      if (status === undefined || status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** Writes the active span's `traceparent` (and `tracestate`) into outgoing headers; nothing when tracing is off. */
export function injectTraceHeaders(headers: Record<string, unknown>): void {
  if (!tracing) return;
  tracing.api.propagation.inject(tracing.api.context.active(), headers);
}
