import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { traceDatabaseStatements } from './db-spans';

export interface RequestTracing {
  /**
   * Runs one request's handling inside its server span (so its statements become child spans); the span
   * ends when the response closes, named by the route template `routeOf` gives then.
   */
  serve(req: IncomingMessage, res: ServerResponse, route: () => string, handle: () => void): void;
  /** Sends what is buffered (tests; the shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Traces over OTLP/HTTP to `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT, the collector's base URL: spans go
 * to `/v1/traces`), one server span per request and a client span per SQL statement. Loaded only when
 * configured (a dynamic import), so a server without it carries none of the SDK.
 */
export function startTracing(endpoint: string, options: { serviceName?: string } = {}): RequestTracing {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName ?? 'patient-dossier-portal' }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }),
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer('patient-dossier-portal');
  const untraceDatabase = traceDatabaseStatements(tracer);

  return {
    serve(req, res, route, handle) {
      const method = req.method ?? 'GET';
      const span = tracer.startSpan(method, {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          // The path only: query strings may carry fiscal codes.
          'url.path': (req.url ?? '/').split('?')[0] ?? '/',
        },
      });
      res.once('close', () => {
        const template = route();
        span.updateName(`${method} ${template}`);
        span.setAttributes({ 'http.route': template, 'http.response.status_code': res.statusCode });
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      context.with(trace.setSpan(context.active(), span), handle);
    },
    flush: () => provider.forceFlush(),
    async stop() {
      untraceDatabase();
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}
