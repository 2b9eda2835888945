import { displayOf, interpretationOf } from '../clinical/display';
import type {
  AllergyRow,
  ConditionRow,
  ImmunizationRow,
  MedicationRow,
  ObservationRow,
} from '../clinical/record';
import type { Language, Localized } from '../language';
import { dayText, labelOf, numberText } from './narrative';

/**
 * One section of the summary: its LOINC code and display (as the IPS guide writes them), whether the IPS
 * requires it (then present, with an empty reason when it has no entry; else left out when empty), its
 * title and the narrative's columns in the reader's language.
 */
export interface SectionSpec<Row> {
  code: string;
  display: string;
  required: boolean;
  title: Localized;
  headings: Localized[];
  cells(row: Row, language: Language): string[];
  /** An out-of-range row, which a printed table marks (results above or below their range). */
  flagged?(row: Row): boolean;
}

const clinicalStatuses: Record<string, Localized> = {
  active: { it: 'In corso', en: 'Active' },
  recurrence: { it: 'Recidiva', en: 'Recurrence' },
  relapse: { it: 'Ricaduta', en: 'Relapse' },
  inactive: { it: 'Non attivo', en: 'Inactive' },
  remission: { it: 'In remissione', en: 'In remission' },
  resolved: { it: 'Risolto', en: 'Resolved' },
  completed: { it: 'Concluso', en: 'Completed' },
  stopped: { it: 'Sospeso', en: 'Stopped' },
};

const allergyLabels: Record<string, Localized> = {
  allergy: { it: 'Allergia', en: 'Allergy' },
  intolerance: { it: 'Intolleranza', en: 'Intolerance' },
  food: { it: 'Alimento', en: 'Food' },
  medication: { it: 'Farmaco', en: 'Medication' },
  environment: { it: 'Ambiente', en: 'Environment' },
  biologic: { it: 'Sostanza biologica', en: 'Biologic' },
  low: { it: 'Bassa', en: 'Low' },
  high: { it: 'Alta', en: 'High' },
  'unable-to-assess': { it: 'Non valutabile', en: 'Unable to assess' },
};

const interpretationLabels: Record<string, Localized> = {
  H: { it: 'Alto', en: 'High' },
  L: { it: 'Basso', en: 'Low' },
  N: { it: 'Nella norma', en: 'Normal' },
};

const conditionCells = (row: ConditionRow, language: Language): string[] => [
  displayOf(row, language),
  row.icd9cmCode,
  dayText(row.onsetDate, language),
  labelOf(clinicalStatuses, row.clinicalStatus, language),
];

const conditionHeadings: Localized[] = [
  { it: 'Problema', en: 'Problem' },
  { it: 'ICD-9-CM', en: 'ICD-9-CM' },
  { it: 'Esordio', en: 'Onset' },
  { it: 'Stato', en: 'Status' },
];

export const problemsSection: SectionSpec<ConditionRow> = {
  code: '11450-4',
  display: 'Problem list - Reported',
  required: true,
  title: { it: 'Problemi', en: 'Problem list' },
  headings: conditionHeadings,
  cells: conditionCells,
};

export const pastProblemsSection: SectionSpec<ConditionRow> = {
  code: '11348-0',
  display: 'History of Past illness note',
  required: false,
  title: { it: 'Problemi pregressi', en: 'History of past problems' },
  headings: conditionHeadings,
  cells: conditionCells,
};

export const allergiesSection: SectionSpec<AllergyRow> = {
  code: '48765-2',
  display: 'Allergies and adverse reactions Document',
  required: true,
  title: { it: 'Allergie e intolleranze', en: 'Allergies and intolerances' },
  headings: [
    { it: 'Sostanza', en: 'Substance' },
    { it: 'Tipo', en: 'Type' },
    { it: 'Categoria', en: 'Category' },
    { it: 'Criticità', en: 'Criticality' },
    { it: 'Stato', en: 'Status' },
  ],
  cells: (row, language) => [
    displayOf(row, language),
    labelOf(allergyLabels, row.type, language),
    labelOf(allergyLabels, row.category, language),
    labelOf(allergyLabels, row.criticality, language),
    labelOf(clinicalStatuses, row.clinicalStatus, language),
  ],
};

export const medicationsSection: SectionSpec<MedicationRow> = {
  code: '10160-0',
  display: 'History of Medication use Narrative',
  required: true,
  title: { it: 'Terapie farmacologiche', en: 'Medication summary' },
  headings: [
    { it: 'Farmaco', en: 'Medication' },
    { it: 'ATC', en: 'ATC' },
    { it: 'Posologia', en: 'Dosage' },
    { it: 'Dal', en: 'From' },
    { it: 'Al', en: 'To' },
    { it: 'Stato', en: 'Status' },
  ],
  cells: (row, language) => [
    row.medicationText,
    row.atcCode,
    row.dosageText,
    dayText(row.startDate, language),
    dayText(row.endDate, language),
    labelOf(clinicalStatuses, row.status, language),
  ],
};

export const immunizationsSection: SectionSpec<ImmunizationRow> = {
  code: '11369-6',
  display: 'History of Immunization note',
  required: false,
  title: { it: 'Vaccinazioni', en: 'Immunizations' },
  headings: [
    { it: 'Vaccino', en: 'Vaccine' },
    { it: 'Data', en: 'Date' },
    { it: 'Lotto', en: 'Lot number' },
  ],
  cells: (row, language) => [
    displayOf(row, language),
    dayText(row.occurredOn, language),
    row.lotNumber ?? '',
  ],
};

export const resultsSection: SectionSpec<ObservationRow> = {
  code: '30954-2',
  display: 'Relevant diagnostic tests/laboratory data note',
  required: false,
  title: { it: 'Risultati di laboratorio', en: 'Results' },
  headings: [
    { it: 'Esame', en: 'Test' },
    { it: 'Valore', en: 'Value' },
    { it: 'Intervallo di riferimento', en: 'Reference range' },
    { it: 'Esito', en: 'Interpretation' },
    { it: 'Data', en: 'Date' },
  ],
  cells: (row, language) => {
    const unit = row.unitDisplay ? ` ${row.unitDisplay}` : '';
    const bound = (value: number | null): string => (value === null ? '' : numberText(value, language));
    const range =
      row.referenceLow === null && row.referenceHigh === null
        ? ''
        : `${bound(row.referenceLow)} – ${bound(row.referenceHigh)}${unit}`;
    const interpretation = interpretationOf(row);
    return [
      displayOf(row, language),
      `${numberText(row.value, language)}${unit}`,
      range,
      interpretation ? labelOf(interpretationLabels, interpretation, language) : '',
      dayText(row.effectiveAt, language),
    ];
  },
  flagged: (row) => {
    const interpretation = interpretationOf(row);
    return interpretation === 'H' || interpretation === 'L';
  },
};
