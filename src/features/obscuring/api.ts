/** The obscuring calls (spec 7): the patient's documents, prepare the signed request, confirm it. */
import { sendJson } from '../../api/request';
import type { ConfirmObscureReply, ObscureSelection } from '../../contract/obscuring';
import {
  ConfirmObscureReply as ConfirmObscureReplySchema,
  PrepareObscureReply,
} from '../../contract/obscuring';

/** The patient's documents, a page at a time (the patient sees them all, obscured or not). */
export const OBSCURING_PAGE_SIZE = 100;

/** `POST /documents/prepareObscure`: the temp documents of the request to sign. */
export async function prepareObscure(
  patientId: number,
  documents: readonly ObscureSelection[],
): Promise<number[]> {
  // A 400 (nothing left to change) is shown by the wizard's step, not as a toast. It is also what a
  // stray second prepare gets right after a signature, before the wizard has left the page.
  const reply = await sendJson(
    'post',
    'documents/prepareObscure',
    { patientId, documents },
    PrepareObscureReply,
    { context: { quiet: [400] } },
  );
  return reply.documentIds;
}

/** `PUT /documents/obscure`: what the signed request applied. */
export function confirmObscure(documentIds: readonly number[]): Promise<ConfirmObscureReply> {
  return sendJson('put', 'documents/obscure', { documentIds }, ConfirmObscureReplySchema);
}
