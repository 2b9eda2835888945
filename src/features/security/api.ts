import { getJson, sendJson } from '../../api/request';
import { type PasswordChangeBody, PasswordChanged, SecurityOverview, StepUpCodeSent } from '../../contract';

// Refusals are shown where they arise (the field, the sheet), not as toasts.
const quiet = { context: { quiet: true } };

/** The account's second factor (what the sheet asks for) and whether it has a password here. */
export function fetchSecurityOverview(): Promise<SecurityOverview> {
  return getJson('security', SecurityOverview);
}

/** A new 6-digit code by SMS to the phone on record (patients and guests). */
export function requestStepUpCode(): Promise<StepUpCodeSent> {
  return sendJson('post', 'security/stepUpCode', {}, StepUpCodeSent, quiet);
}

export function changePassword(body: PasswordChangeBody): Promise<PasswordChanged> {
  return sendJson('post', 'security/password', body, PasswordChanged, quiet);
}
