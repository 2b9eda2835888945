/**
 * Typed calls: every reply a screen depends on is validated with the contract (`v.parse`).
 */
import type { Options } from 'ky';
import * as v from 'valibot';
import { api } from './client';
import { reportInvalidReply, reportTransportError } from './error-report';

type Schema = v.GenericSchema;

function parse<S extends Schema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  reportInvalidReply();
  throw new v.ValiError(result.issues);
}

async function run<T>(call: () => Promise<T>, options: Options | undefined): Promise<T> {
  try {
    return await call();
  } catch (error) {
    reportTransportError(error, { context: options?.context ?? {} });
    throw error;
  }
}

export async function getJson<S extends Schema>(
  path: string,
  schema: S,
  options?: Options,
): Promise<v.InferOutput<S>> {
  const data: unknown = await run(() => api().get(path, options).json(), options);
  return parse(schema, data);
}

export async function sendJson<S extends Schema>(
  method: 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body: unknown,
  schema: S,
  options?: Options,
): Promise<v.InferOutput<S>> {
  const data: unknown = await run(
    () =>
      api()
        [method](path, { ...options, json: body })
        .json(),
    options,
  );
  return parse(schema, data);
}
