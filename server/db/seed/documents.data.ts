import type { PatientLocationCode } from '../../../src/contract';
import type { documentTypes } from '../schema';

/** The document types of the demo catalogue; PSI is the one the patient side may not read (spec 6). */
export const documentTypeRows: (typeof documentTypes.$inferInsert)[] = [
  { code: 'LAB', descIt: 'Referto di laboratorio', descEn: 'Laboratory results', viewableByPatient: true },
  { code: 'RAD', descIt: 'Referto radiologico', descEn: 'Radiology report', viewableByPatient: true },
  { code: 'DIM', descIt: 'Lettera di dimissione', descEn: 'Discharge letter', viewableByPatient: true },
  { code: 'VIS', descIt: 'Visita specialistica', descEn: 'Specialist visit', viewableByPatient: true },
  { code: 'PS', descIt: 'Verbale di pronto soccorso', descEn: 'Emergency visit', viewableByPatient: true },
  {
    code: 'PSI',
    descIt: 'Consulenza psichiatrica',
    descEn: 'Psychiatric counselling',
    viewableByPatient: false,
  },
];

export type DocumentTypeCode = 'LAB' | 'RAD' | 'DIM' | 'VIS' | 'PS' | 'PSI';

/** Unit codes of people.data.ts; `unitIds` passed to the builder follow that order. */
export const unitOrder = ['CARD', 'RAD', 'MED', 'PS', 'LAB', 'ORT', 'NEU', 'ONC'] as const;
export type UnitCode = (typeof unitOrder)[number];

/** Where each type comes from and in which care setting. */
export const typeSettings: Record<DocumentTypeCode, { units: UnitCode[]; locations: PatientLocationCode[] }> =
  {
    LAB: { units: ['LAB'], locations: ['I', 'I', 'O', 'SCR'] },
    RAD: { units: ['RAD'], locations: ['I', 'O', 'E'] },
    DIM: { units: ['CARD', 'MED', 'ORT', 'NEU', 'ONC'], locations: ['O', 'O', 'DH', 'DS'] },
    VIS: { units: ['CARD', 'MED', 'ORT', 'NEU', 'ONC'], locations: ['I', 'I', 'SCR'] },
    PS: { units: ['PS'], locations: ['E'] },
    PSI: { units: ['NEU'], locations: ['I'] },
  };

export const authors = [
  'Dott. Marco Bellini',
  'Dott.ssa Chiara Morelli',
  'Dott. Giorgio Fumagalli',
  'Dott.ssa Elena Sartori',
  'Dott. Stefano Cattaneo',
  'Dott.ssa Laura Brambilla',
  'Dott. Andrea Longhi',
  'Dott.ssa Federica Testa',
] as const;

export interface LabTest {
  name: string;
  unit: string;
  low: number;
  high: number;
  decimals: number;
}

export const labPanels: readonly { name: string; tests: readonly LabTest[] }[] = [
  {
    name: 'Emocromo completo',
    tests: [
      { name: 'Globuli bianchi (WBC)', unit: '10^3/µL', low: 4, high: 10, decimals: 1 },
      { name: 'Globuli rossi (RBC)', unit: '10^6/µL', low: 4.2, high: 5.8, decimals: 2 },
      { name: 'Emoglobina', unit: 'g/dL', low: 13, high: 17, decimals: 1 },
      { name: 'Ematocrito', unit: '%', low: 40, high: 52, decimals: 1 },
      { name: 'MCV', unit: 'fL', low: 80, high: 99, decimals: 1 },
      { name: 'Piastrine', unit: '10^3/µL', low: 150, high: 400, decimals: 0 },
      { name: 'Neutrofili', unit: '%', low: 40, high: 75, decimals: 1 },
      { name: 'Linfociti', unit: '%', low: 20, high: 45, decimals: 1 },
    ],
  },
  {
    name: 'Chimica clinica',
    tests: [
      { name: 'Glucosio', unit: 'mg/dL', low: 70, high: 100, decimals: 0 },
      { name: 'Creatinina', unit: 'mg/dL', low: 0.7, high: 1.2, decimals: 2 },
      { name: 'Azotemia', unit: 'mg/dL', low: 15, high: 45, decimals: 0 },
      { name: 'Sodio', unit: 'mmol/L', low: 136, high: 145, decimals: 0 },
      { name: 'Potassio', unit: 'mmol/L', low: 3.5, high: 5.1, decimals: 1 },
      { name: 'AST (GOT)', unit: 'U/L', low: 5, high: 40, decimals: 0 },
      { name: 'ALT (GPT)', unit: 'U/L', low: 5, high: 41, decimals: 0 },
      { name: 'Bilirubina totale', unit: 'mg/dL', low: 0.2, high: 1.2, decimals: 2 },
    ],
  },
  {
    name: 'Assetto lipidico',
    tests: [
      { name: 'Colesterolo totale', unit: 'mg/dL', low: 120, high: 200, decimals: 0 },
      { name: 'Colesterolo HDL', unit: 'mg/dL', low: 40, high: 90, decimals: 0 },
      { name: 'Colesterolo LDL', unit: 'mg/dL', low: 50, high: 130, decimals: 0 },
      { name: 'Trigliceridi', unit: 'mg/dL', low: 40, high: 150, decimals: 0 },
    ],
  },
  {
    name: 'Coagulazione',
    tests: [
      { name: 'PT (INR)', unit: '', low: 0.8, high: 1.2, decimals: 2 },
      { name: 'aPTT (ratio)', unit: '', low: 0.8, high: 1.2, decimals: 2 },
      { name: 'Fibrinogeno', unit: 'mg/dL', low: 200, high: 400, decimals: 0 },
    ],
  },
  {
    name: 'Funzionalità tiroidea',
    tests: [
      { name: 'TSH', unit: 'µUI/mL', low: 0.4, high: 4, decimals: 2 },
      { name: 'FT4', unit: 'ng/dL', low: 0.9, high: 1.7, decimals: 2 },
      { name: 'FT3', unit: 'pg/mL', low: 2, high: 4.4, decimals: 2 },
    ],
  },
  {
    name: 'Indici di flogosi',
    tests: [
      { name: 'Proteina C reattiva', unit: 'mg/L', low: 0, high: 5, decimals: 1 },
      { name: 'VES', unit: 'mm/h', low: 2, high: 20, decimals: 0 },
      { name: 'Ferritina', unit: 'ng/mL', low: 30, high: 400, decimals: 0 },
    ],
  },
];

export interface RadiologyExam {
  title: string;
  modality: string;
  technique: string;
  findings: readonly string[];
  conclusions: readonly string[];
}

export const radiologyExams: readonly RadiologyExam[] = [
  {
    title: 'RX torace in due proiezioni',
    modality: 'CR',
    technique: 'Esame eseguito in ortostatismo nelle proiezioni postero-anteriore e laterale.',
    findings: [
      'Non evidenza di addensamenti parenchimali a focolaio in atto.',
      'Seni costofrenici liberi bilateralmente.',
      'Ombra cardiaca nei limiti di norma per morfologia e dimensioni.',
      'Ili polmonari di aspetto vascolare.',
      'Modesto ispessimento della trama interstiziale alle basi.',
    ],
    conclusions: ['Quadro radiografico nei limiti della norma.', 'Lieve accentuazione interstiziale basale.'],
  },
  {
    title: 'TC encefalo senza mezzo di contrasto',
    modality: 'CT',
    technique: 'Scansioni assiali con ricostruzioni multiplanari, senza somministrazione di contrasto.',
    findings: [
      'Non aree di alterata densità parenchimale riferibili a lesioni acute.',
      'Sistema ventricolare in asse, di normali dimensioni.',
      'Spazi subaracnoidei della convessità regolari.',
      'Lievi segni di sofferenza vascolare cronica della sostanza bianca periventricolare.',
    ],
    conclusions: [
      'Non lesioni emorragiche o ischemiche acute.',
      'Leucoencefalopatia vascolare di grado lieve.',
    ],
  },
  {
    title: 'RM ginocchio destro',
    modality: 'MR',
    technique: 'Sequenze FSE T1, DP fat-sat e STIR nei tre piani ortogonali.',
    findings: [
      'Lesione degenerativa del corno posteriore del menisco mediale.',
      'Legamento crociato anteriore integro, di regolare segnale.',
      'Modesto versamento articolare nel recesso sovrapatellare.',
      'Condropatia femoro-rotulea di grado II.',
    ],
    conclusions: ['Meniscopatia degenerativa mediale.', 'Condropatia femoro-rotulea di grado II.'],
  },
  {
    title: 'Ecografia addome completo',
    modality: 'US',
    technique: 'Esame eseguito con sonda convex multifrequenza.',
    findings: [
      'Fegato di dimensioni regolari, ecostruttura lievemente iperecogena da steatosi.',
      'Colecisti normodistesa, alitiasica.',
      'Reni in sede, di normali dimensioni, senza dilatazione delle vie escretrici.',
      'Milza e pancreas nei limiti della norma per quanto esplorabili.',
    ],
    conclusions: ['Steatosi epatica di grado lieve.', 'Restante quadro ecografico nella norma.'],
  },
];

/** Clinical material per unit for discharge letters and visits. */
export const clinicalByUnit: Record<
  'CARD' | 'MED' | 'ORT' | 'NEU' | 'ONC',
  { specialty: string; diagnoses: readonly string[]; therapies: readonly string[] }
> = {
  CARD: {
    specialty: 'cardiologica',
    diagnoses: ['Fibrillazione atriale parossistica', 'Cardiopatia ipertensiva', 'Angina da sforzo'],
    therapies: ['Bisoprololo 2,5 mg 1 cp/die', 'Apixaban 5 mg 1 cp x 2/die', 'Atorvastatina 20 mg 1 cp/sera'],
  },
  MED: {
    specialty: 'internistica',
    diagnoses: ['Polmonite comunitaria', 'Diabete mellito tipo 2 scompensato', 'Anemia sideropenica'],
    therapies: [
      'Metformina 1000 mg 1 cp x 2/die',
      'Ferro solfato 105 mg 1 cp/die',
      'Pantoprazolo 20 mg 1 cp/die',
    ],
  },
  ORT: {
    specialty: 'ortopedica',
    diagnoses: ['Frattura di polso sinistro', 'Gonartrosi destra', 'Lombosciatalgia'],
    therapies: [
      'Paracetamolo 1000 mg al bisogno',
      'Enoxaparina 4000 UI sc 1 fl/die',
      'Ibuprofene 400 mg al bisogno',
    ],
  },
  NEU: {
    specialty: 'neurologica',
    diagnoses: ['Emicrania senza aura', 'Attacco ischemico transitorio', 'Neuropatia periferica'],
    therapies: [
      'Acido acetilsalicilico 100 mg 1 cp/die',
      'Amitriptilina 10 mg 1 cp/sera',
      'Vitamina B12 1 fl/sett.',
    ],
  },
  ONC: {
    specialty: 'oncologica',
    diagnoses: ['Follow-up neoplasia del colon operata', 'Nodulo polmonare in sorveglianza'],
    therapies: ['Ondansetron 8 mg al bisogno', 'Colecalciferolo 25.000 UI 1 fl/mese'],
  },
};

export const emergencyComplaints: readonly { complaint: string; treatment: string; outcome: string }[] = [
  {
    complaint: 'Dolore toracico insorto a riposo',
    treatment: 'ECG seriati e troponina negativi.',
    outcome: 'Dimesso',
  },
  {
    complaint: 'Trauma distorsivo caviglia destra',
    treatment: 'RX negativa per fratture, bendaggio.',
    outcome: 'Dimesso',
  },
  {
    complaint: 'Febbre e tosse da 5 giorni',
    treatment: 'Paracetamolo ev, emocolture.',
    outcome: 'Ricoverato in Medicina',
  },
  {
    complaint: 'Cefalea intensa ad esordio improvviso',
    treatment: 'TC encefalo negativa, analgesia.',
    outcome: 'Dimesso',
  },
  {
    complaint: 'Ferita lacero-contusa mano sinistra',
    treatment: 'Sutura con 4 punti, profilassi antitetanica.',
    outcome: 'Dimesso',
  },
];

export const triageCodes = ['bianco', 'verde', 'azzurro', 'arancione'] as const;

export const observationNotes = [
  'Parametri vitali stabili, paziente vigile e collaborante.',
  'Decorso regolare, alvo e diuresi nella norma.',
  'Apiressia, buon controllo del dolore con la terapia in atto.',
  'Mobilizzazione progressiva ben tollerata.',
  'Esami di controllo in miglioramento rispetto all’ingresso.',
  'Colloquio con i familiari sull’andamento clinico.',
] as const;
