/** The guests calls (spec 7) and the dossier page the documents step picks from. */
import { getJson, sendJson } from '../../api/request';
import {
  AccessTitles,
  Guest,
  type GuestGrantFields,
  GuestList,
  type GuestPerson,
  PrepareGuestReply,
  RevokeGuestReply,
} from '../../contract/guests';

export const GUEST_PAGE_SIZE = 100;
export const DOCUMENT_PAGE_SIZE = 100;

export function fetchGuests(): Promise<GuestList> {
  return getJson('guests', GuestList, { searchParams: { max: GUEST_PAGE_SIZE } });
}

export async function fetchAccessTitles(): Promise<AccessTitles['accessTitles']> {
  return (await getJson('guests/accessTitles', AccessTitles)).accessTitles;
}

/** `POST /guests/prepareCreate` or `/guests/prepareUpdate`: the temp documents of the authorisation. */
export async function prepareGuest(
  fields: GuestGrantFields,
  target: { person: GuestPerson } | { guestId: number },
): Promise<number[]> {
  const path = 'guestId' in target ? 'guests/prepareUpdate' : 'guests/prepareCreate';
  // A 400 names the field in error: the wizard shows it on its step, not as a toast.
  const reply = await sendJson('post', path, { ...fields, ...target }, PrepareGuestReply, {
    context: { quiet: [400] },
  });
  return reply.documentIds;
}

/** `POST /guests` (new) or `PUT /guests/{id}` (edit) with the signed ids. */
export function confirmGuest(documentIds: readonly number[], guestId?: number): Promise<Guest> {
  return guestId === undefined
    ? sendJson('post', 'guests', { documentIds }, Guest)
    : sendJson('put', `guests/${guestId}`, { documentIds }, Guest);
}

export function revokeGuest(guestId: number): Promise<RevokeGuestReply> {
  return sendJson('delete', `guests/${guestId}`, undefined, RevokeGuestReply);
}
