import type { Context } from 'hono';
import * as v from 'valibot';
import { NewMessageFields, UPLOAD_MAX_BYTES } from '../../../src/contract';
import { HttpError } from '../../http-error';
import { fieldErrors } from '../../validate';
import { checkPdf, tooLarge } from '../uploads/pdf-check';

export interface MessageFile {
  bytes: Uint8Array;
  name: string;
}

type FormValue = string | File | (string | File)[];

const text = (value: FormValue | undefined): unknown =>
  typeof value === 'string' || value === undefined ? value : null;

const ids = (value: FormValue | undefined): unknown[] =>
  (value === undefined ? [] : [value].flat()).map((each) =>
    typeof each === 'string' && /^[1-9]\d{0,9}$/.test(each) ? Number(each) : each,
  );

/** What the user called the file, without path, control or markup characters (shown, never stored as a name). */
function cleanName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '').trim();
  return base.slice(0, 120) || 'allegato.pdf';
}

/**
 * `POST /messages`: multipart with `recipientIds` (repeated), `subject`, `body`, optional `replyToId`
 * and an optional PDF `file`, checked by its bytes as uploads are. Fields are validated before the file.
 */
export async function readNewMessage(
  c: Context,
): Promise<{ fields: NewMessageFields; file: MessageFile | null }> {
  if (!(c.req.header('Content-Type') ?? '').startsWith('multipart/form-data'))
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'body', code: 'required' }]);
  const form = (await c.req.parseBody({ all: true }).catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'body', code: 'invalid' }]);
  })) as Record<string, FormValue>;
  const replyTo = ids(form.replyToId)[0];
  const parsed = v.safeParse(NewMessageFields, {
    recipientIds: ids(form.recipientIds),
    subject: text(form.subject),
    body: text(form.body),
    ...(replyTo === undefined ? {} : { replyToId: replyTo }),
  });
  if (!parsed.success) throw new HttpError(400, 'BAD_REQUEST', fieldErrors(parsed.issues));
  const value = form.file;
  if (value === undefined || value === '') return { fields: parsed.output, file: null };
  if (!(value instanceof File)) throw new HttpError(400, 'BAD_REQUEST', [{ field: 'file', code: 'invalid' }]);
  if (value.size > UPLOAD_MAX_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await value.arrayBuffer());
  await checkPdf(bytes);
  return { fields: parsed.output, file: { bytes, name: cleanName(value.name) } };
}
