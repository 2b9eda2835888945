/**
 * Whether the signed-in user may download and print a patient's documents. Only a guest needs asking: the
 * right is in their grant (the server refuses the download anyway; this keeps the buttons honest).
 */
import { useEffect, useState } from 'react';
import { getJson } from '../api/request';
import { GuestGrants } from '../contract/guests';
import type { UserType } from '../contract/user';

/** true for everyone but a guest; for a guest, null while the grant loads, then its download right. */
export function useMayDownload(userType: UserType | null, patientId: number | null): boolean | null {
  const guest = userType === 'GUE';
  const [allowed, setAllowed] = useState<boolean | null>(guest ? null : true);
  useEffect(() => {
    if (!guest) {
      setAllowed(true);
      return;
    }
    let active = true;
    setAllowed(null);
    getJson('guests/grants', GuestGrants)
      .then(({ grants }) => {
        const grant = grants.find((item) => patientId === null || item.patientId === patientId) ?? null;
        if (active) setAllowed(grant?.rights.includes('download') ?? false);
      })
      .catch(() => active && setAllowed(false));
    return () => {
      active = false;
    };
  }, [guest, patientId]);
  return allowed;
}
