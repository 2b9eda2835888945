/**
 * Typed calls: every reply a screen depends on is validated with the contract (`v.parse`); calls without a
 * reply body (`sendNoContent`), and a multipart form with upload progress (`sendForm`).
 */
import type { Options } from 'ky';
import * as v from 'valibot';
import { sessionExpired } from '../auth/session';
import { apiPrefixUrl } from '../config/runtime-config';
import type { ErrorReply as ErrorReplyType } from '../contract/common';
import { ErrorReply } from '../contract/common';
import { acceptLanguage, currentLocale } from '../i18n/locale';
import { applyAuthHeaders } from './auth-headers';
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

/** A call without a reply body; errors are reported (toast) unless `quiet` lists their status. */
export async function sendNoContent(
  method: 'post' | 'put' | 'delete',
  path: string,
  body?: unknown,
  quiet: number[] = [],
): Promise<void> {
  const context = { quiet };
  await run(() => api()[method](path, body === undefined ? { context } : { context, json: body }), {
    context,
  });
}

/** A refused or failed form: the server's reply when there was one, else a transport failure. */
export class UploadFailure extends Error {
  constructor(readonly reply: ErrorReplyType | null) {
    super(reply?.message ?? 'upload failed');
    this.name = 'UploadFailure';
  }
}

async function headersFor(url: string, method: string): Promise<Headers> {
  const request = new Request(url, { method });
  request.headers.set('Accept-Language', acceptLanguage(currentLocale()));
  request.headers.set('Accept', 'application/json');
  await applyAuthHeaders(request);
  return request.headers;
}

function replyOf(text: string): ErrorReplyType | null {
  try {
    const parsed = v.safeParse(ErrorReply, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * Sends a multipart `form` and resolves with the JSON reply; `onProgress` gets 0…1 as the bytes leave. fetch
 * cannot report upload progress over HTTP/1.1 (a streamed body needs HTTP/2 in Chromium), so this one call uses
 * XMLHttpRequest, with the same headers as the ky instance (token or DPoP proof, language). Errors come back as
 * an `UploadFailure` with the contract's ErrorReply.
 */
export async function sendForm(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress: (share: number) => void,
): Promise<unknown> {
  const url = `${apiPrefixUrl()}/${path}`;
  const headers = await headersFor(url, method);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    headers.forEach((value, name) => {
      request.setRequestHeader(name, value);
    });
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(request.responseText ? JSON.parse(request.responseText) : null);
        return;
      }
      if (request.status === 401) sessionExpired();
      reject(new UploadFailure(replyOf(request.responseText)));
    };
    request.onerror = () => reject(new UploadFailure(null));
    request.ontimeout = () => reject(new UploadFailure(null));
    request.timeout = 120_000;
    request.send(form);
  });
}
