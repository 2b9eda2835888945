/** Shape and check-digit tests of the code systems the clinical record uses (LOINC, SNOMED CT, ATC, ICD-9-CM). */

/** LOINC's mod 10: odd positions from the right doubled as one number, even ones put in front, digits summed. */
export function loincValid(code: string): boolean {
  const match = /^(\d{1,7})-(\d)$/.exec(code);
  if (!match) return false;
  const digits = [...(match[1] ?? '')].reverse();
  const odd = digits
    .filter((_, index) => index % 2 === 0)
    .reverse()
    .join('');
  const even = digits
    .filter((_, index) => index % 2 === 1)
    .reverse()
    .join('');
  const sum = [...`${even}${Number(odd) * 2}`].reduce((total, digit) => total + Number(digit), 0);
  return (10 - (sum % 10)) % 10 === Number(match[2]);
}

const verhoeffD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const verhoeffP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** A SNOMED CT concept id: 6 to 18 digits, Verhoeff check digit, partition 00 (core) or 10 (extension). */
export function snomedConceptValid(id: string): boolean {
  if (!/^[1-9]\d{5,17}$/.test(id) || !['00', '10'].includes(id.slice(-3, -1))) return false;
  const check = [...id]
    .reverse()
    .reduce((state, digit, index) => verhoeffD[state]?.[verhoeffP[index % 8]?.[Number(digit)] ?? 0] ?? -1, 0);
  return check === 0;
}

export const atcValid = (code: string): boolean => /^[A-Z]\d\d[A-Z][A-Z]\d\d$/.test(code);
export const icd9cmValid = (code: string): boolean => /^(\d{3}(\.\d{1,2})?|V\d{2}(\.\d{1,2})?)$/.test(code);
