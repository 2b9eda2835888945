/**
 * A multipart upload with progress. fetch cannot report upload progress over HTTP/1.1 (a streamed body
 * needs HTTP/2 in Chromium), so this one call uses XMLHttpRequest, with the same headers as the ky
 * instance (token or DPoP proof, language). Errors come back as the contract's ErrorReply.
 */
import * as v from 'valibot';
import { applyAuthHeaders } from '../../api/auth-headers';
import { sessionExpired } from '../../auth/session';
import { apiPrefixUrl } from '../../config/runtime-config';
import type { ErrorReply as ErrorReplyType } from '../../contract/common';
import { ErrorReply } from '../../contract/common';
import { acceptLanguage, currentLocale } from '../../i18n/locale';

/** A refused or failed upload: the server's reply when there was one, else a transport failure. */
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

/** Sends `form` and resolves with the JSON reply; `onProgress` gets 0…1 as the bytes leave. */
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
