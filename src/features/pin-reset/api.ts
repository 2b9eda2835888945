import { sendJson } from '../../api/request';
import {
  type PinResetCodeSent as CodeSent,
  type PinResetDone as Done,
  PinResetCodeSent,
  PinResetDone,
} from '../../contract';

// Errors are shown inside the form, next to what caused them: no toast.
const quiet = { context: { quiet: true } };

/** Step 1: the 6-character security code goes to the user's phone. */
export function requestPinResetCode(identifier: string): Promise<CodeSent> {
  return sendJson('post', 'pinReset/requestOtp', { identifier }, PinResetCodeSent, quiet);
}

/** Step 2: with the code, a new PIN goes to the same phone. */
export function confirmPinReset(identifier: string, code: string): Promise<Done> {
  return sendJson('post', 'pinReset/confirm', { identifier, code }, PinResetDone, quiet);
}
