import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import pg from 'pg';

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** The statement's text: a string, or node-postgres's query config `{ text }`. */
function statementOf(args: unknown[]): string | null {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string')
    return first.text;
  return null;
}

function startDbSpan(tracer: Tracer, parent: Context, text: string): Span {
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  return tracer.startSpan(
    operation,
    {
      kind: SpanKind.CLIENT,
      // Stable database conventions (semconv 1.33+); statements are parameterised ($1…), never values.
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text },
    },
    parent,
  );
}

function failed(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
  span.setAttribute('error.type', error instanceof Error ? error.name : 'error');
}

/**
 * Wraps a query method: inside a traced request (an active span) each statement gets a client span, ended
 * when its promise settles or its callback runs; outside one (the dispatcher's polling) nothing is made.
 */
function traced(tracer: Tracer, original: Method): Method {
  return function (this: unknown, ...args: unknown[]): unknown {
    const parent = context.active();
    const text = statementOf(args);
    if (text === null || !trace.getSpan(parent)) return original.apply(this, args);
    const span = startDbSpan(tracer, parent, text);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        if (error) failed(span, error);
        span.end();
        return (callback as Method).call(this, error, ...rest);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) {
      // Observed, not replaced: the caller still gets (and handles) the original promise.
      result.then(
        () => span.end(),
        (error: unknown) => {
          failed(span, error);
          span.end();
        },
      );
    } else span.end();
    return result;
  };
}

/**
 * Statements of both drivers as client spans: node-postgres's `Client#query` (pool queries and
 * transactions), PGlite's `query`/`exec` and those of its transactions. A pool's connect callback is bound
 * to its caller's context, so a query that waited for a connection stays in its own request's trace. PGlite
 * is patched on its prototype: it must happen before a database is opened (`yieldBeforeEachStatement`
 * binds the methods then). Returns the undo.
 */
export function traceDatabaseStatements(tracer: Tracer): () => void {
  const undo: (() => void)[] = [];
  const patch = (target: object, name: string, wrap: (original: Method) => Method): void => {
    const holder = target as Record<string, Method>;
    const own = Object.hasOwn(target, name);
    const original = holder[name] as Method;
    holder[name] = wrap(original);
    undo.push(() => {
      if (own) holder[name] = original;
      else delete holder[name];
    });
  };
  patch(pg.Client.prototype, 'query', (original) => traced(tracer, original));
  patch(
    pg.Pool.prototype,
    'connect',
    (original) =>
      function (this: unknown, ...args: unknown[]): unknown {
        const callback = args[0];
        if (typeof callback === 'function')
          return original.call(this, context.bind(context.active(), callback));
        return original.apply(this, args);
      },
  );
  patch(PGlite.prototype, 'query', (original) => traced(tracer, original));
  patch(PGlite.prototype, 'exec', (original) => traced(tracer, original));
  patch(
    PGlite.prototype,
    'transaction',
    (original) =>
      function (this: unknown, ...args: unknown[]): unknown {
        const [callback] = args as [(tx: Transaction) => unknown];
        return original.call(this, (tx: Transaction) =>
          callback(
            Object.create(tx, {
              query: { value: traced(tracer, tx.query.bind(tx) as Method) },
              exec: { value: traced(tracer, tx.exec.bind(tx) as Method) },
            }) as Transaction,
          ),
        );
      },
  );
  return () => {
    for (const step of undo.reverse()) step();
  };
}
