import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { HomeRequest } from '../../contract/home';

export const REQUEST_KIND_TEXT: Readonly<Record<HomeRequest['kind'], MessageDescriptor>> = {
  REPORTS: msg`Copia di referti`,
  MEDICAL_RECORDS: msg`Copia di cartella clinica`,
};

/** Only the states a waiting request can be in (the home lists no completed or cancelled one). */
export const REQUEST_STATUS_TEXT: Readonly<Record<HomeRequest['status'], MessageDescriptor>> = {
  SUBMITTED: msg`Inviata, in attesa di lavorazione`,
  IN_PROGRESS: msg`In lavorazione`,
  READY: msg`Pronta da ritirare`,
  COMPLETED: msg`Completata`,
  CANCELLED: msg`Annullata`,
};
