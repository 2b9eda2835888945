import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n';
import { errorReplyMessage } from './error-messages';

const resendTooSoon = (seconds: string): string =>
  i18n._(errorReplyMessage({ status: 429, code: 'OTP_RESEND_TOO_SOON', message: '', params: { seconds } }));

beforeEach(async () => {
  await changeLocale('it');
});

describe('the waiting time before a new code', () => {
  it('says one second in the singular and more in the plural', () => {
    expect(resendTooSoon('1')).toBe('Attendi 1 secondo prima di richiedere un nuovo codice');
    expect(resendTooSoon('30')).toBe('Attendi 30 secondi prima di richiedere un nuovo codice');
  });
});
