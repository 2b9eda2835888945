import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem } from '../../../src/contract';
import { HttpError } from '../../http-error';

const LIST_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');

// Read on first use, not at import: most processes (tests, the seed) never change a password.
let commonPasswords: ReadonlySet<string> | undefined;
function common(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0 && !line.startsWith('#')),
  );
  return commonPasswords;
}

/** Compared as people type them: case, accents' composition and spaces around do not make a password new. */
const fold = (text: string): string => text.normalize('NFKC').trim().toLocaleLowerCase('it');

// An identifier shorter than this ("Li", "Bo") would refuse too many good passwords for a trace of safety.
const MIN_IDENTIFIER_LENGTH = 3;

/**
 * What is wrong with a new password, or null: NIST SP 800-63B §3.1.1.2 — a length floor and ceiling, no
 * composition rules, not a commonly used password, not the user's own identifiers (username, fiscal code,
 * name, surname: contained anywhere, ignoring case). Length counts characters (code points), not bytes.
 */
export function passwordProblem(password: string, identifiers: readonly string[]): PasswordProblem | null {
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const folded = fold(password);
  if (common().has(folded)) return 'common';
  const compact = folded.replace(/[\s._-]+/g, '');
  for (const identifier of identifiers) {
    const own = fold(identifier).replace(/[\s._-]+/g, '');
    if (own.length >= MIN_IDENTIFIER_LENGTH && compact.includes(own)) return 'personal';
  }
  return null;
}

/** `passwordProblem` as the API answers it: 400 `PASSWORD_REFUSED` naming the field and the problem. */
export function assertAcceptablePassword(
  password: string,
  identifiers: readonly string[],
  field = 'newPassword',
): void {
  const problem = passwordProblem(password, identifiers);
  if (problem) throw new HttpError(400, 'PASSWORD_REFUSED', [{ field, code: problem }]);
}

/** How many passwords the shipped list holds (at least 10,000; a test keeps it so). */
export const commonPasswordCount = (): number => common().size;
