import type { ContentSection, DocumentContent } from '../../services/pdf/content';
import {
  clinicalByUnit,
  type DocumentTypeCode,
  emergencyComplaints,
  type LabTest,
  labPanels,
  observationNotes,
  radiologyExams,
  triageCodes,
  type UnitCode,
} from './documents.data';
import type { Random } from './random';

/** The clinical material of one demo document: its title and its content in each version. */
export interface DemoMaterial {
  title: string;
  contentFor(version: number): DocumentContent;
}

type ClinicalUnit = keyof typeof clinicalByUnit;

const italianNumber = (value: number, decimals: number): string => value.toFixed(decimals).replace('.', ',');

function labRow(random: Random, test: LabTest): string[] {
  const span = test.high - test.low;
  // Mostly within range, about one value in seven outside it (flagged H or L).
  const value = random.chance(0.15)
    ? random.chance(0.5)
      ? test.high + span * (0.05 + random.next() * 0.4)
      : // At most 40 % under the lower bound: never 0 (a TSH of 0.00 is no measurement).
        Math.max(test.low * 0.6, test.low - span * (0.05 + random.next() * 0.3))
    : test.low + span * random.next();
  const flag = value > test.high ? 'H' : value < test.low ? 'L' : '';
  const range = `${italianNumber(test.low, test.decimals)} - ${italianNumber(test.high, test.decimals)}`;
  return [test.name, italianNumber(value, test.decimals), test.unit, range, flag];
}

function labSections(random: Random): ContentSection[] {
  const panels = labPanels.filter((_, index) => index === 0 || random.chance(0.55));
  return [
    ...panels.map((panel) => ({
      heading: panel.name,
      table: {
        columns: ['Esame', 'Risultato', 'Unità', 'Valori di riferimento', 'Flag'],
        rows: panel.tests.map((test) => labRow(random, test)),
        widths: [0.36, 0.14, 0.14, 0.26, 0.1],
        flagColumn: 4,
      },
    })),
    {
      heading: 'Note metodologiche',
      newPage: true,
      paragraphs: [
        'Prelievo eseguito a digiuno. Valori di riferimento per adulti, validati dal laboratorio.',
        'I valori contrassegnati con H (alto) o L (basso) sono al di fuori dell’intervallo di riferimento e vanno valutati dal medico curante nel contesto clinico.',
      ],
    },
  ];
}

function radiologySections(random: Random, examIndex: number): ContentSection[] {
  const exam = radiologyExams[examIndex] ?? radiologyExams[0];
  if (!exam) return [];
  return [
    {
      heading: 'Quesito clinico',
      paragraphs: ['Approfondimento diagnostico su richiesta del medico curante.'],
    },
    { heading: 'Tecnica', paragraphs: [exam.technique] },
    { heading: 'Reperti', paragraphs: exam.findings.filter(() => random.chance(0.8)) },
    { heading: 'Conclusioni', paragraphs: [random.pick(exam.conclusions)] },
    {
      heading: 'Dose e apparecchiatura',
      newPage: true,
      paragraphs: [
        `Modalità ${exam.modality}. Esame eseguito secondo i protocolli di ottimizzazione della dose.`,
      ],
    },
  ];
}

function dischargeSections(random: Random, unit: ClinicalUnit): ContentSection[] {
  const clinical = clinicalByUnit[unit];
  const days = random.int(2, 40);
  return [
    { heading: 'Motivo del ricovero', paragraphs: [random.pick(clinical.diagnoses)] },
    {
      heading: 'Anamnesi',
      paragraphs: ['Ipertensione arteriosa in terapia. Non allergie note. Ex fumatore.'],
    },
    {
      heading: 'Decorso clinico',
      paragraphs: Array.from(
        { length: days },
        (_, day) => `Giornata ${day + 1}: ${random.pick(observationNotes)} ${random.pick(observationNotes)}`,
      ),
    },
    { heading: 'Diagnosi di dimissione', paragraphs: [random.pick(clinical.diagnoses)] },
    {
      heading: 'Terapia alla dimissione',
      table: {
        columns: ['Farmaco e posologia', 'Durata'],
        rows: clinical.therapies.map((therapy) => [
          therapy,
          random.pick(['7 giorni', '30 giorni', 'cronica']),
        ]),
        widths: [0.75, 0.25],
      },
    },
    {
      heading: 'Indicazioni',
      newPage: true,
      paragraphs: [
        'Controllo ambulatoriale a 30 giorni con esami ematochimici. In caso di peggioramento dei sintomi rivolgersi al medico curante o al Pronto Soccorso.',
      ],
    },
  ];
}

function visitSections(random: Random, unit: ClinicalUnit): ContentSection[] {
  const clinical = clinicalByUnit[unit];
  return [
    {
      heading: 'Motivo della visita',
      paragraphs: [`Controllo per ${random.pick(clinical.diagnoses).toLowerCase()}.`],
    },
    {
      heading: 'Esame obiettivo',
      paragraphs: [random.pick(observationNotes), 'PA 130/80 mmHg, FC 72 bpm ritmica.'],
    },
    { heading: 'Conclusioni', paragraphs: [random.pick(clinical.diagnoses)] },
    { heading: 'Terapia consigliata', paragraphs: clinical.therapies.filter(() => random.chance(0.6)) },
    { heading: 'Programma', newPage: true, paragraphs: ['Visita di controllo tra 6 mesi.'] },
  ];
}

function emergencySections(random: Random): ContentSection[] {
  const visit = random.pick(emergencyComplaints);
  return [
    { heading: 'Triage', paragraphs: [`Codice ${random.pick(triageCodes)}. ${visit.complaint}.`] },
    { heading: 'Valutazione medica', paragraphs: [random.pick(observationNotes), visit.treatment] },
    { heading: 'Esito', paragraphs: [visit.outcome] },
    {
      heading: 'Avvertenze',
      newPage: true,
      paragraphs: ['Il presente verbale va consegnato al medico curante.'],
    },
  ];
}

function counsellingSections(random: Random): ContentSection[] {
  return [
    { heading: 'Colloquio', paragraphs: [random.pick(observationNotes), 'Colloquio clinico strutturato.'] },
    { heading: 'Valutazione', newPage: true, paragraphs: ['Contenuto riservato al medico curante.'] },
  ];
}

const titles: Record<Exclude<DocumentTypeCode, 'RAD'>, (unit: string) => string> = {
  LAB: () => 'Esami ematochimici',
  DIM: (unit) => `Lettera di dimissione ${unit}`,
  VIS: (unit) => `Visita ${unit} di controllo`,
  PS: () => 'Verbale di Pronto Soccorso',
  PSI: () => 'Consulenza psichiatrica',
};

function sectionsOf(
  random: Random,
  type: DocumentTypeCode,
  unit: ClinicalUnit,
  examIndex: number,
): ContentSection[] {
  switch (type) {
    case 'LAB':
      return labSections(random);
    case 'RAD':
      return radiologySections(random, examIndex);
    case 'DIM':
      return dischargeSections(random, unit);
    case 'VIS':
      return visitSections(random, unit);
    case 'PS':
      return emergencySections(random);
    case 'PSI':
      return counsellingSections(random);
  }
}

const kinds: Record<DocumentTypeCode, DocumentContent['kind']> = {
  LAB: 'lab',
  RAD: 'radiology',
  DIM: 'discharge',
  VIS: 'visit',
  PS: 'emergency',
  PSI: 'counselling',
};

function clinicalUnitOf(unit: UnitCode): ClinicalUnit {
  return unit in clinicalByUnit ? (unit as ClinicalUnit) : 'MED';
}

/** Picks the clinical material of a document once, so every version tells the same story. */
export function demoMaterial(random: Random, type: DocumentTypeCode, unit: UnitCode): DemoMaterial {
  const clinical = clinicalUnitOf(unit);
  const examIndex = random.int(0, radiologyExams.length - 1);
  const base: DocumentContent = {
    kind: kinds[type],
    sections: sectionsOf(random, type, clinical, examIndex),
  };
  const title =
    type === 'RAD'
      ? (radiologyExams[examIndex]?.title ?? 'Referto radiologico')
      : titles[type](clinicalByUnit[clinical].specialty);
  return {
    title,
    contentFor(version) {
      const copy = structuredClone(base);
      if (version > 1) {
        copy.sections.unshift({
          heading: 'Rettifica',
          paragraphs: [
            `Il presente documento sostituisce la versione ${version - 1} per integrazione dei dati.`,
          ],
        });
      }
      return copy;
    },
  };
}
