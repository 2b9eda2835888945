/** Italian fiscal code (codice fiscale) of a person, as the Agenzia delle Entrate computes it. */
const MONTH_LETTERS = 'ABCDEHLMPRST';
const ODD_VALUES: Record<string, number> = {
  '0': 1,
  '1': 0,
  '2': 5,
  '3': 7,
  '4': 9,
  '5': 13,
  '6': 15,
  '7': 17,
  '8': 19,
  '9': 21,
  A: 1,
  B: 0,
  C: 5,
  D: 7,
  E: 9,
  F: 13,
  G: 15,
  H: 17,
  I: 19,
  J: 21,
  K: 2,
  L: 4,
  M: 18,
  N: 20,
  O: 11,
  P: 3,
  Q: 6,
  R: 8,
  S: 12,
  T: 14,
  U: 16,
  V: 10,
  W: 22,
  X: 25,
  Y: 24,
  Z: 23,
};

function letters(text: string): { consonants: string; vowels: string } {
  const clean = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  return { consonants: clean.replace(/[AEIOU]/g, ''), vowels: clean.replace(/[^AEIOU]/g, '') };
}

function surnameCode(surname: string): string {
  const { consonants, vowels } = letters(surname);
  return `${consonants}${vowels}XXX`.slice(0, 3);
}

function nameCode(name: string): string {
  const { consonants, vowels } = letters(name);
  if (consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return `${consonants}${vowels}XXX`.slice(0, 3);
}

export function checkCharacter(first15: string): string {
  let sum = 0;
  for (let index = 0; index < first15.length; index++) {
    const char = first15.charAt(index);
    // Positions are 1-based in the standard: index 0 is an "odd" position.
    sum +=
      index % 2 === 0 ? (ODD_VALUES[char] ?? 0) : /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26));
}

export function fiscalCode(person: {
  name: string;
  surname: string;
  sex: 'M' | 'F';
  birthDate: string;
  birthPlaceCode: string;
}): string {
  const [year, month, day] = person.birthDate.split('-').map(Number) as [number, number, number];
  const dayCode = String(person.sex === 'F' ? day + 40 : day).padStart(2, '0');
  const first15 = `${surnameCode(person.surname)}${nameCode(person.name)}${String(year % 100).padStart(2, '0')}${MONTH_LETTERS[month - 1]}${dayCode}${person.birthPlaceCode}`;
  return `${first15}${checkCharacter(first15)}`;
}
