import type { CodingVocabulary } from '../../../src/contract';
import type { Localized } from '../language';

/**
 * The coded vocabularies of the PAIR form (`GET /codingSchema`). Each entry keeps its code system, as a
 * hospital's terminology server would send it; the reply strips it (spec 3, "code-system fields stripped").
 * Monitoring indices marked `outcome` are scales where higher is better: only they take PRIpri thresholds.
 */
export interface CodedEntry {
  system: string;
  code: string;
  display: Localized;
  unit?: string;
  outcome?: boolean;
  limb?: boolean;
}

const SYSTEM = 'urn:portal:pair';
const UCUM = 'http://unitsofmeasure.org';
const entry = (
  system: string,
  code: string,
  it: string,
  en: string,
  extra: Partial<CodedEntry> = {},
): CodedEntry => ({
  system,
  code,
  display: { it, en },
  ...extra,
});
const local =
  (vocabulary: string) =>
  (code: string, it: string, en: string, extra: Partial<CodedEntry> = {}) =>
    entry(`${SYSTEM}/${vocabulary}`, code, it, en, extra);

const level = local('level');
const category = local('category');
const location = local('location');
const laterality = local('laterality');
const assistance = local('assistance');
const support = local('support');
const device = local('device');
const index = local('monitoring-index');
const unit = (code: string, it: string, en: string): CodedEntry => entry(UCUM, code, it, en);

export const codingSchema: Readonly<Record<CodingVocabulary, readonly CodedEntry[]>> = {
  level: [
    level('BASE', 'Base', 'Basic'),
    level('INTERMEDIATE', 'Intermedio', 'Intermediate'),
    level('ADVANCED', 'Avanzato', 'Advanced'),
  ],
  category: [
    category('UPPER_LIMB', 'Arto superiore', 'Upper limb', { limb: true }),
    category('LOWER_LIMB', 'Arto inferiore', 'Lower limb', { limb: true }),
    category('BALANCE', 'Equilibrio', 'Balance'),
    category('GAIT', 'Deambulazione', 'Gait'),
    category('RESPIRATORY', 'Respiratorio', 'Respiratory'),
    category('CARDIO', 'Aerobico', 'Aerobic'),
    category('TRUNK', 'Tronco', 'Trunk'),
  ],
  location: [
    location('HOME', 'Domicilio', 'Home'),
    location('OUTPATIENT', 'Ambulatorio', 'Outpatient clinic'),
    location('GYM', 'Palestra riabilitativa', 'Rehabilitation gym'),
    location('WARD', 'Reparto', 'Ward'),
  ],
  frequencyUnit: [
    unit('d', 'al giorno', 'per day'),
    unit('wk', 'alla settimana', 'per week'),
    unit('mo', 'al mese', 'per month'),
  ],
  intervalUnit: [
    unit('s', 'secondi', 'seconds'),
    unit('min', 'minuti', 'minutes'),
    unit('h', 'ore', 'hours'),
    unit('d', 'giorni', 'days'),
  ],
  lengthUnit: [
    unit('min', 'minuti', 'minutes'),
    unit('s', 'secondi', 'seconds'),
    unit('m', 'metri', 'metres'),
  ],
  laterality: [
    laterality('LEFT', 'Sinistro', 'Left'),
    laterality('RIGHT', 'Destro', 'Right'),
    laterality('BILATERAL', 'Bilaterale', 'Bilateral'),
    laterality('NA', 'Non applicabile', 'Not applicable'),
  ],
  assistance: [
    assistance('NONE', 'Autonomo', 'Independent'),
    assistance('SUPERVISION', 'Con supervisione', 'Supervised'),
    assistance('MINIMAL', 'Assistenza minima', 'Minimal assistance'),
    assistance('MODERATE', 'Assistenza moderata', 'Moderate assistance'),
    assistance('TOTAL', 'Assistenza totale', 'Total assistance'),
  ],
  support: [
    support('PARALLEL_BARS', 'Parallele', 'Parallel bars'),
    support('CHAIR', 'Sedia', 'Chair'),
    support('WALL', 'Parete', 'Wall'),
    support('MAT', 'Materassino', 'Mat'),
  ],
  device: [
    device('CANE', 'Bastone', 'Cane'),
    device('WALKER', 'Deambulatore', 'Walker'),
    device('ELASTIC_BAND', 'Elastico', 'Elastic band'),
    device('WEIGHTS', 'Pesi', 'Weights'),
    device('CYCLE', 'Cicloergometro', 'Cycle ergometer'),
    device('SPIROMETER', 'Incentivatore respiratorio', 'Incentive spirometer'),
  ],
  monitoringIndex: [
    index('HR', 'Frequenza cardiaca', 'Heart rate', { unit: 'bpm' }),
    index('SPO2', 'Saturazione di ossigeno', 'Oxygen saturation', { unit: '%' }),
    index('BORG', 'Fatica percepita (Borg)', 'Perceived exertion (Borg)', { unit: '6-20' }),
    index('ROM', 'Escursione articolare', 'Range of motion', { unit: '°', outcome: true }),
    index('BARTHEL', 'Indice di Barthel', 'Barthel index', { unit: '0-100', outcome: true }),
    index('BERG', 'Scala di Berg', 'Berg balance scale', { unit: '0-56', outcome: true }),
    index('WALK6', 'Test del cammino in 6 minuti', 'Six-minute walk test', { unit: 'm', outcome: true }),
    index('GRIP', 'Forza di presa', 'Grip strength', { unit: 'kg', outcome: true }),
  ],
};
