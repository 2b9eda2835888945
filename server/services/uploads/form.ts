import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { UPLOAD_MAX_BYTES, UploadFields, UploadUpdateFields } from '../../../src/contract';
import { HttpError } from '../../http-error';
import { fieldErrors } from '../../validate';
import { checkPdf, tooLarge } from './pdf-check';
import { customDocumentTypes } from './types.data';

/** Room for the text fields and the multipart boundaries beside a file of the largest size. */
const FORM_OVERHEAD = 64 * 1024;

/**
 * Stops reading a body past the largest acceptable form: a declared Content-Length over it is refused
 * before a byte is read, a streamed body as soon as it crosses the limit.
 */
export const uploadBodyLimit = bodyLimit({
  maxSize: UPLOAD_MAX_BYTES + FORM_OVERHEAD,
  onError: () => {
    throw tooLarge();
  },
});

export interface UploadedFile {
  bytes: Uint8Array;
  /** What the user called it: only a title default, never a stored name. */
  name: string;
  pageCount: number;
}

type Form = Record<string, string | File | (string | File)[]>;

async function readForm(c: Context): Promise<Form> {
  const type = c.req.header('Content-Type') ?? '';
  if (!type.startsWith('multipart/form-data'))
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'file', code: 'required' }]);
  return (await c.req.parseBody({ all: true }).catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'UPLOAD_ERROR', [{ field: 'file', code: 'invalid' }]);
  })) as Form;
}

function text(value: Form[string] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? undefined : '';
}

function physicianIds(value: Form[string] | undefined): number[] | undefined | unknown[] {
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  // "0" or an empty value means "nobody in particular"; anything else must be an id.
  return values
    .filter((each) => each !== '' && each !== '0')
    .map((each) => (typeof each === 'string' && /^\d{1,9}$/.test(each) ? Number(each) : each));
}

/** The file of the form, checked by its bytes; `required` makes a missing one a 400. */
async function fileOf(form: Form, required: boolean): Promise<UploadedFile | null> {
  const value = form.file;
  if (value === undefined && !required) return null;
  if (!(value instanceof File))
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'file', code: 'required' }]);
  if (value.size > UPLOAD_MAX_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await value.arrayBuffer());
  const pageCount = await checkPdf(bytes);
  return { bytes, name: value.name, pageCount };
}

function checkType(code: string | undefined): void {
  if (code !== undefined && !customDocumentTypes.some((type) => type.code === code))
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'documentType', code: 'invalid' }]);
}

function fieldsOf(form: Form): Record<string, unknown> {
  return {
    documentType: text(form.documentType),
    // No title typed: the file name gives one (sanitized), never a stored name.
    title: text(form.title) || undefined,
    documentDate: text(form.documentDate),
    note: text(form.note),
    approvingPhysicians: physicianIds(form.approvingPhysicians),
  };
}

function parseFields<S extends typeof UploadFields | typeof UploadUpdateFields>(
  schema: S,
  form: Form,
): v.InferOutput<S> {
  const parsed = v.safeParse(schema, fieldsOf(form));
  if (!parsed.success) throw new HttpError(400, 'BAD_REQUEST', fieldErrors(parsed.issues));
  checkType(parsed.output.documentType);
  return parsed.output;
}

/** `POST /uploadedDocuments`: the fields (validated first: a bad form never reads the file) and the PDF. */
export async function readNewUpload(c: Context): Promise<{ fields: UploadFields; file: UploadedFile }> {
  const form = await readForm(c);
  const fields = parseFields(UploadFields, form);
  const file = await fileOf(form, true);
  if (!file) throw new HttpError(400, 'BAD_REQUEST', [{ field: 'file', code: 'required' }]);
  return { fields, file };
}

/** `PUT /uploadedDocuments/{id}`: any of the fields, and optionally a new file. */
export async function readUploadChange(
  c: Context,
): Promise<{ fields: UploadUpdateFields; file: UploadedFile | null }> {
  const form = await readForm(c);
  const fields = parseFields(UploadUpdateFields, form);
  return { fields, file: await fileOf(form, false) };
}
