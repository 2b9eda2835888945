import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { CodingVocabulary, Exercise, PripriThreshold } from '../../../src/contract';
import type { PatientHeader } from '../patients';
import { accent, grey, romeDate, Writer } from '../pdf/writer';
import { codeIn } from './coding';

export interface PlanPdfInput {
  hospital: string;
  patient: PatientHeader;
  physician: string;
  name: string;
  startDate: string;
  stopDate: string;
  exercises: readonly Exercise[];
  thresholds: readonly PripriThreshold[];
  preparedAt: Date;
}

/** Italian, like every clinical record: the document is the same whatever the signer's language. */
const label = (vocabulary: CodingVocabulary, code: string | null): string =>
  code === null ? '-' : (codeIn(vocabulary, code)?.display.it ?? code);
const day = (iso: string): string => iso.split('-').reverse().join('/');

/** The singular of the counted units (the vocabulary holds the plural): "1 giorno", not "1 giorni". */
const SINGULAR: Readonly<Record<string, string>> = {
  s: 'secondo',
  min: 'minuto',
  h: 'ora',
  d: 'giorno',
  m: 'metro',
};
const italianPlural = new Intl.PluralRules('it');
/** A count of a unit in Italian, under the language's plural rules. */
export function counted(value: number, vocabulary: CodingVocabulary, unit: string): string {
  const one = italianPlural.select(value) === 'one' ? SINGULAR[unit] : undefined;
  return `${value} ${one ?? label(vocabulary, unit)}`;
}
const repetitions = (value: number): string =>
  `${value} ${italianPlural.select(value) === 'one' ? 'ripetizione' : 'ripetizioni'}`;

/** A PRIpri threshold in words, as the portal says it (higher is better). */
export function thresholdLine(item: PripriThreshold): string {
  const name = label('monitoringIndex', item.index);
  if (item.red === item.green)
    return `${name}: verde (buono) da ${item.green} in su, rosso sotto ${item.red}`;
  return `${name}: verde (buono) da ${item.green} in su, giallo tra ${item.red} e ${item.green}, rosso sotto ${item.red}`;
}

function writeExercise(writer: Writer, exercise: Exercise, at: number): void {
  writer.gap(4);
  writer.line(`${at + 1}. ${exercise.name}`, { bold: true });
  if (exercise.description) writer.line(exercise.description);
  writer.line(
    `Livello: ${label('level', exercise.level)} - Categoria: ${label('category', exercise.category)} - Luogo: ${label('location', exercise.location)}`,
  );
  if (exercise.purpose) writer.line(`Obiettivo: ${exercise.purpose}`);
  writer.line(`Dal ${day(exercise.startDate)} al ${day(exercise.endDate)}`);
  const frequency = `${exercise.frequency.value} ${label('frequencyUnit', exercise.frequency.unit)}`;
  writer.line(
    `Frequenza: ${frequency}${exercise.frequency.description ? ` (${exercise.frequency.description})` : ''}`,
  );
  writer.line(
    `Serie: ${exercise.seriesNumber} x ${repetitions(exercise.repetitionsNumber)} - pausa tra le serie ${counted(exercise.seriesInterval.value, 'intervalUnit', exercise.seriesInterval.unit)}, tra le sedute ${counted(exercise.sessionInterval.value, 'intervalUnit', exercise.sessionInterval.unit)}`,
  );
  writer.line(`Durata: ${counted(exercise.length.value, 'lengthUnit', exercise.length.unit)}`);
  writer.line(
    `Lateralità: ${label('laterality', exercise.laterality)} - Assistenza: ${label('assistance', exercise.assistance)} - Ausilio: ${label('device', exercise.device)}`,
  );
  if (exercise.supports.length > 0)
    writer.line(`Supporti: ${exercise.supports.map((code) => label('support', code)).join(', ')}`);
  for (const item of exercise.monitoringIndices)
    writer.line(`Monitoraggio: ${label('monitoringIndex', item.index)} tra ${item.min} e ${item.max}`, {
      color: grey,
    });
}

/** The plan document (type 180.051) the physician signs. Deterministic for the same input. */
export async function renderPlanPdf(input: PlanPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Piano riabilitativo - ${input.name}`);
  pdf.setProducer('patient-dossier-portal');
  pdf.setCreationDate(input.preparedAt);
  pdf.setModificationDate(input.preparedAt);
  const writer = new Writer(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  });
  const { patient } = input;
  writer.line(input.hospital, { size: 14, bold: true, color: accent });
  writer.rule();
  writer.line(`Piano riabilitativo individuale: ${input.name}`, { size: 15, bold: true });
  writer.gap();
  writer.line(`Paziente: ${patient.surname.toUpperCase()} ${patient.name}`, { bold: true });
  writer.line(`Codice fiscale: ${patient.fiscalCode}   Data di nascita: ${day(patient.birthDate)}`);
  writer.line(`Validità: dal ${day(input.startDate)} al ${day(input.stopDate)}`);
  writer.line(`Redatto il ${romeDate.format(input.preparedAt)}`);
  writer.rule();
  writer.line('Esercizi', { bold: true, size: 12 });
  for (const [at, exercise] of input.exercises.entries()) writeExercise(writer, exercise, at);
  if (input.thresholds.length > 0) {
    writer.rule();
    writer.line('Monitoraggio PRIpri (soglie)', { bold: true, size: 12 });
    for (const item of input.thresholds) writer.line(thresholdLine(item));
  }
  writer.rule();
  writer.reserve(70);
  writer.gap(16);
  writer.line('Firma del medico', { bold: true });
  writer.line(`${input.physician} - firma elettronica con PIN e codice via SMS`, { size: 9, color: grey });
  return pdf.save();
}
