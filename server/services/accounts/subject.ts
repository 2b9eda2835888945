/**
 * The token's subject names the active account. A user's own subject is the account of that user; a
 * guest's subject followed by `#g<grant id>` is the guest acting for the patient of that grant (a guest
 * invited by two patients has two accounts). A guest's plain subject (a fresh login) acts for the newest
 * live grant, as before accounts could be switched.
 */
export interface AccountSubject {
  userSubject: string;
  grantId: number | null;
}

export const GRANT_MARK = '#g';

export function parseAccountSubject(subject: string): AccountSubject {
  const at = subject.lastIndexOf(GRANT_MARK);
  if (at <= 0) return { userSubject: subject, grantId: null };
  const digits = subject.slice(at + GRANT_MARK.length);
  // Anything else after the mark is not ours: the whole string is then the user's subject.
  if (!/^[1-9][0-9]{0,9}$/.test(digits)) return { userSubject: subject, grantId: null };
  return { userSubject: subject.slice(0, at), grantId: Number(digits) };
}

export function guestAccountSubject(userSubject: string, grantId: number): string {
  return `${userSubject}${GRANT_MARK}${grantId}`;
}
