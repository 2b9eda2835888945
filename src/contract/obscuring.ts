import * as v from 'valibot';
import { EntityId } from './common';
import { ObscuringInfo } from './documents';

const Id = EntityId;

/** One document of an obscuring request and the viewers it is hidden from afterwards (all false: shown again). */
export const ObscureSelection = v.object({ documentId: Id, obscuringInfo: ObscuringInfo });
export type ObscureSelection = v.InferOutput<typeof ObscureSelection>;

/**
 * `POST /documents/prepareObscure`: renders the request the patient signs (which documents, hidden from whom,
 * shown again to whom) and answers the temp documents of an 'obscure' ceremony.
 */
export const PrepareObscureBody = v.object({
  patientId: Id,
  documents: v.pipe(v.array(ObscureSelection), v.minLength(1, 'required'), v.maxLength(100, 'tooLong')),
});
export type PrepareObscureBody = v.InferOutput<typeof PrepareObscureBody>;
export const PrepareObscureReply = v.object({ documentIds: v.array(Id) });
export type PrepareObscureReply = v.InferOutput<typeof PrepareObscureReply>;

/**
 * `PUT /documents/obscure` {documentIds}: the confirmation after signing. The ids are those prepareObscure
 * answered, once their ceremony is signed (else 409 SIGN_CONTEXT_INVALID); the reply is what the signature
 * applied, with each document's obscuring as it stands now.
 */
export const ConfirmObscureBody = v.object({
  documentIds: v.pipe(v.array(Id), v.minLength(1, 'required'), v.maxLength(20, 'tooLong')),
});
export type ConfirmObscureBody = v.InferOutput<typeof ConfirmObscureBody>;
export const ConfirmObscureReply = v.object({
  patientId: Id,
  documents: v.array(v.object({ documentId: Id, title: v.string(), obscuringInfo: ObscuringInfo })),
});
export type ConfirmObscureReply = v.InferOutput<typeof ConfirmObscureReply>;

/** `GET /documents/{id}/checkObscure?patientId=`. */
export const CheckObscureReply = v.object({ obscured: v.boolean(), obscuringInfo: ObscuringInfo });
export type CheckObscureReply = v.InferOutput<typeof CheckObscureReply>;
