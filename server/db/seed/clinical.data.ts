import type { LabTest } from './documents.data';

/**
 * The codes of what the demo documents say (documents.data.ts), for the structured clinical record. Checked
 * against the code systems: LOINC long common names, the SNOMED CT concepts of the IPS free set (2022-07-31),
 * ICD-9-CM 2007 as Italian hospital discharge records (SDO) still code, WHO ATC.
 */

/** The glycated haemoglobin row of the diabetic patient's reports, in IFCC units as Italian labs print it. */
export const hba1cTest: LabTest = {
  name: 'Emoglobina glicata (HbA1c)',
  unit: 'mmol/mol',
  low: 20,
  high: 42,
  decimals: 0,
};

/** The unit as a report prints it → its UCUM code. Unitless ratios take a UCUM annotation (equal to 1). */
export const ucumOf: Readonly<Record<string, string>> = {
  '10^3/µL': '10*3/uL',
  '10^6/µL': '10*6/uL',
  'g/dL': 'g/dL',
  '%': '%',
  fL: 'fL',
  'mg/dL': 'mg/dL',
  'mmol/L': 'mmol/L',
  'U/L': 'U/L',
  'µUI/mL': 'u[IU]/mL',
  'ng/dL': 'ng/dL',
  'pg/mL': 'pg/mL',
  'mg/L': 'mg/L',
  'mm/h': 'mm/h',
  'ng/mL': 'ng/mL',
  'mmol/mol': 'mmol/mol',
};

/** Ratios the reports print with an empty unit column. */
export const unitlessUcum: Readonly<Record<string, string>> = {
  'PT (INR)': '{INR}',
  'aPTT (ratio)': '{ratio}',
};

export interface LabCode {
  loinc: string;
  displayEn: string;
}

/** Each test of `labPanels` (and the HbA1c row) by the name the report prints. */
export const labCodes: Readonly<Record<string, LabCode>> = {
  'Globuli bianchi (WBC)': {
    loinc: '6690-2',
    displayEn: 'Leukocytes [#/volume] in Blood by Automated count',
  },
  'Globuli rossi (RBC)': { loinc: '789-8', displayEn: 'Erythrocytes [#/volume] in Blood by Automated count' },
  Emoglobina: { loinc: '718-7', displayEn: 'Hemoglobin [Mass/volume] in Blood' },
  Ematocrito: { loinc: '4544-3', displayEn: 'Hematocrit [Volume Fraction] of Blood by Automated count' },
  MCV: { loinc: '787-2', displayEn: 'MCV [Entitic volume] by Automated count' },
  Piastrine: { loinc: '777-3', displayEn: 'Platelets [#/volume] in Blood by Automated count' },
  Neutrofili: { loinc: '770-8', displayEn: 'Neutrophils/100 leukocytes in Blood by Automated count' },
  Linfociti: { loinc: '736-9', displayEn: 'Lymphocytes/100 leukocytes in Blood by Automated count' },
  // The reports say the sample is taken fasting, but 2345-7 is the code labs use for the serum glucose row.
  Glucosio: { loinc: '2345-7', displayEn: 'Glucose [Mass/volume] in Serum or Plasma' },
  Creatinina: { loinc: '2160-0', displayEn: 'Creatinine [Mass/volume] in Serum or Plasma' },
  // Italian "azotemia" is the urea itself (15-45 mg/dL), not the urea nitrogen (BUN, 3094-0).
  Azotemia: { loinc: '3091-6', displayEn: 'Urea [Mass/volume] in Serum or Plasma' },
  Sodio: { loinc: '2951-2', displayEn: 'Sodium [Moles/volume] in Serum or Plasma' },
  Potassio: { loinc: '2823-3', displayEn: 'Potassium [Moles/volume] in Serum or Plasma' },
  'AST (GOT)': {
    loinc: '1920-8',
    displayEn: 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
  },
  'ALT (GPT)': {
    loinc: '1742-6',
    displayEn: 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
  },
  'Bilirubina totale': { loinc: '1975-2', displayEn: 'Bilirubin.total [Mass/volume] in Serum or Plasma' },
  'Colesterolo totale': { loinc: '2093-3', displayEn: 'Cholesterol [Mass/volume] in Serum or Plasma' },
  'Colesterolo HDL': { loinc: '2085-9', displayEn: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma' },
  'Colesterolo LDL': { loinc: '2089-1', displayEn: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma' },
  Trigliceridi: { loinc: '2571-8', displayEn: 'Triglyceride [Mass/volume] in Serum or Plasma' },
  'PT (INR)': { loinc: '6301-6', displayEn: 'INR in Platelet poor plasma by Coagulation assay' },
  'aPTT (ratio)': {
    loinc: '63561-5',
    displayEn: 'aPTT in Platelet poor plasma by Coagulation assay --actual/normal',
  },
  Fibrinogeno: {
    loinc: '3255-7',
    displayEn: 'Fibrinogen [Mass/volume] in Platelet poor plasma by Coagulation assay',
  },
  TSH: { loinc: '3016-3', displayEn: 'Thyrotropin [Units/volume] in Serum or Plasma' },
  FT4: { loinc: '3024-7', displayEn: 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma' },
  FT3: { loinc: '3051-0', displayEn: 'Triiodothyronine (T3) Free [Mass/volume] in Serum or Plasma' },
  'Proteina C reattiva': {
    loinc: '1988-5',
    displayEn: 'C reactive protein [Mass/volume] in Serum or Plasma',
  },
  // No method on the report: the method-less code, not Westergren's 4537-7.
  VES: { loinc: '30341-2', displayEn: 'Erythrocyte sedimentation rate' },
  Ferritina: { loinc: '2276-4', displayEn: 'Ferritin [Mass/volume] in Serum or Plasma' },
  [hba1cTest.name]: {
    loinc: '59261-8',
    displayEn: 'Hemoglobin A1c/Hemoglobin.total in Blood by IFCC protocol',
  },
};

export interface DiagnosisCode {
  icd9cm: string;
  snomed: string;
  displayEn: string;
  /** A lasting problem (one per patient, stays active) rather than an episode that resolves. */
  chronic: boolean;
}

/** Each diagnosis of `clinicalByUnit`, and what the discharge letters' history states. */
export const diagnosisCodes: Readonly<Record<string, DiagnosisCode>> = {
  'Fibrillazione atriale parossistica': {
    icd9cm: '427.31',
    snomed: '282825002',
    displayEn: 'Paroxysmal atrial fibrillation',
    chronic: true,
  },
  'Cardiopatia ipertensiva': {
    icd9cm: '402.90',
    snomed: '64715009',
    displayEn: 'Hypertensive heart disease',
    chronic: true,
  },
  // ICD-9-CM puts stable (effort) angina under "other and unspecified angina pectoris".
  'Angina da sforzo': { icd9cm: '413.9', snomed: '233819005', displayEn: 'Stable angina', chronic: true },
  'Polmonite comunitaria': {
    icd9cm: '486',
    snomed: '385093006',
    displayEn: 'Community acquired pneumonia',
    chronic: false,
  },
  // Fifth digit 2: type II, uncontrolled ("scompensato"); SNOMED CT has no uncontrolled concept in the IPS set.
  'Diabete mellito tipo 2 scompensato': {
    icd9cm: '250.02',
    snomed: '44054006',
    displayEn: 'Type 2 diabetes mellitus',
    chronic: true,
  },
  'Anemia sideropenica': {
    icd9cm: '280.9',
    snomed: '87522002',
    displayEn: 'Iron deficiency anemia',
    chronic: false,
  },
  // A wrist fracture is, unless said otherwise, the distal radius (closed).
  'Frattura di polso sinistro': {
    icd9cm: '813.42',
    snomed: '263199001',
    displayEn: 'Fracture of distal end of radius',
    chronic: false,
  },
  'Gonartrosi destra': {
    icd9cm: '715.96',
    snomed: '239873007',
    displayEn: 'Osteoarthritis of knee',
    chronic: true,
  },
  Lombosciatalgia: { icd9cm: '724.3', snomed: '23056005', displayEn: 'Sciatica', chronic: false },
  'Emicrania senza aura': {
    icd9cm: '346.10',
    snomed: '56097005',
    displayEn: 'Migraine without aura',
    chronic: true,
  },
  'Attacco ischemico transitorio': {
    icd9cm: '435.9',
    snomed: '266257000',
    displayEn: 'Transient cerebral ischemia',
    chronic: false,
  },
  'Neuropatia periferica': {
    icd9cm: '356.9',
    snomed: '302226006',
    displayEn: 'Peripheral nerve disease',
    chronic: true,
  },
  // Followed up after surgery: a personal history (V-code), not the tumour itself.
  'Follow-up neoplasia del colon operata': {
    icd9cm: 'V10.05',
    snomed: '429699009',
    displayEn: 'History of malignant neoplasm of colon',
    chronic: true,
  },
  // The 2007 edition Italy uses has no 793.11 (solitary nodule, 2011): the lung field finding 793.1.
  'Nodulo polmonare in sorveglianza': {
    icd9cm: '793.1',
    snomed: '427359005',
    displayEn: 'Solitary nodule of lung',
    chronic: true,
  },
  // Every discharge letter's history says "Ipertensione arteriosa in terapia".
  'Ipertensione arteriosa': {
    icd9cm: '401.9',
    snomed: '59621000',
    displayEn: 'Essential hypertension',
    chronic: true,
  },
  // The diabetic patient's problem list, controlled now (fifth digit 0).
  'Diabete mellito tipo 2': {
    icd9cm: '250.00',
    snomed: '44054006',
    displayEn: 'Type 2 diabetes mellitus',
    chronic: true,
  },
};
