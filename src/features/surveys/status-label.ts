import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SurveyStatus } from '../../contract/surveys';

export const STATUS_LABEL: Readonly<Record<SurveyStatus, MessageDescriptor>> = {
  TODO: msg`Da compilare`,
  DRAFT: msg`Iniziato`,
  SUBMITTED: msg`Inviato`,
  REFUSED: msg`Rifiutato`,
  EXPIRED: msg`Scaduto`,
};

export const STATUS_COLOR: Readonly<Record<SurveyStatus, string>> = {
  TODO: 'warning',
  DRAFT: 'tertiary',
  SUBMITTED: 'success',
  REFUSED: 'medium',
  EXPIRED: 'medium',
};
