/** Characters outside Latin-1 that WinAnsi (CP1252) still encodes. */
const cp1252Extras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const replacements: Record<string, string> = {
  '≤': '<=',
  '≥': '>=',
  '→': '->',
  '←': '<-',
  // Letters of patients' names that have no decomposition into a Latin-1 base letter.
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  ı: 'i',
};

function encodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || cp1252Extras.has(char);
}

/**
 * The standard Helvetica font only encodes WinAnsi: pdf-lib throws on anything else, so unknown characters
 * are mapped, stripped of accents, or replaced by '?'. Line breaks and tabs become spaces.
 */
export function toWinAnsi(text: string): string {
  let result = '';
  for (const char of text.replace(/[\t\r\n]+/g, ' ')) {
    if (encodable(char)) result += char;
    else if (replacements[char] !== undefined) result += replacements[char];
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      result += base.length > 0 && [...base].every(encodable) ? base : '?';
    }
  }
  return result;
}
