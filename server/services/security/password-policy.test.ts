import { describe, expect, it } from 'vitest';
import { commonPasswordCount, passwordProblem } from './password-policy';

const mario = ['mario.rossi', 'RSSMRA80A01H501U', 'Mario', 'Rossi'];

describe('the password policy', () => {
  it('ships at least 10,000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });
  it('asks 12 to 128 characters, counted as characters, with no composition rules', () => {
    expect(passwordProblem('corto-ancora', mario)).toBe(null);
    expect(passwordProblem('troppo corta', mario)).toBe(null);
    expect(passwordProblem('corta-corta', mario)).toBe('tooShort');
    expect(passwordProblem('èèèèèèèèèèè', mario)).toBe('tooShort');
    expect(passwordProblem('tutte minuscole senza cifre', mario)).toBe(null);
    expect(passwordProblem('x'.repeat(129), mario)).toBe('tooLong');
  });
  it('refuses the most common passwords whatever their case', () => {
    expect(passwordProblem('qwertyuiop123', mario)).toBe('common');
    expect(passwordProblem('QwertyQwerty', mario)).toBe('common');
    expect(passwordProblem('  passwordpassword ', mario)).toBe('common');
    expect(passwordProblem('Dossier2026!', mario)).toBe('common');
  });
  it("refuses the user's own identifiers anywhere in it, ignoring case and separators", () => {
    expect(passwordProblem('ciao-MarioRossi-2026', mario)).toBe('personal');
    expect(passwordProblem('rssmra80a01h501u!', mario)).toBe('personal');
    expect(passwordProblem('il mio nome è mario', mario)).toBe('personal');
    expect(passwordProblem('una frase lunga e mia', mario)).toBe(null);
    // Too short an identifier would refuse everything.
    expect(passwordProblem('una frase lunga e mia', ['Li'])).toBe(null);
  });
});
