/** Words and colours of an upload's state (spec 4: pending, then validated or rejected). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UploadStatus } from '../../contract/uploads';

export interface StatusLook {
  label: MessageDescriptor;
  tone: 'warning' | 'success' | 'danger';
}

export function statusLook(status: UploadStatus): StatusLook {
  switch (status) {
    case 'PENDING':
      return { label: msg`In attesa di approvazione`, tone: 'warning' };
    case 'VALIDATED':
      return { label: msg`Approvato`, tone: 'success' };
    case 'REJECTED':
      // Its own context: the consents' 'Rifiutato' reads 'Refused' in English, an upload is 'Rejected'.
      return { label: msg({ context: 'upload status', message: 'Rifiutato' }), tone: 'danger' };
  }
}
