/**
 * Allergies and vaccines of the demo record. An allergy is coded by its substance (a SNOMED CT substance
 * concept, what FHIR AllergyIntolerance.code and the IPS expect), never by an "allergy to X" finding, so
 * allergy and intolerance to the same substance share one code. Vaccines are SNOMED CT vaccine products (IPS
 * free set) with their WHO ATC class.
 */
export interface AllergySubstance {
  snomed: string;
  displayIt: string;
  displayEn: string;
  type: 'allergy' | 'intolerance';
  category: 'food' | 'medication' | 'environment' | 'biologic';
  criticality: 'low' | 'high' | 'unable-to-assess';
  /** ATC codes the allergy rules out: a patient whose letters prescribe one of them is not given it. */
  conflicts: readonly string[];
}

export const allergySubstances: readonly AllergySubstance[] = [
  {
    snomed: '764146007',
    displayIt: 'Penicillina',
    displayEn: 'Penicillin',
    type: 'allergy',
    category: 'medication',
    criticality: 'high',
    conflicts: [],
  },
  {
    snomed: '372687004',
    displayIt: 'Amoxicillina',
    displayEn: 'Amoxicillin',
    type: 'allergy',
    category: 'medication',
    criticality: 'high',
    conflicts: [],
  },
  {
    snomed: '387458008',
    displayIt: 'Acido acetilsalicilico',
    displayEn: 'Aspirin',
    type: 'allergy',
    category: 'medication',
    criticality: 'low',
    conflicts: ['B01AC06', 'M01AE01'],
  },
  {
    snomed: '387207008',
    displayIt: 'Ibuprofene',
    displayEn: 'Ibuprofen',
    type: 'allergy',
    category: 'medication',
    criticality: 'low',
    conflicts: ['M01AE01'],
  },
  {
    snomed: '47703008',
    displayIt: 'Lattosio',
    displayEn: 'Lactose',
    type: 'intolerance',
    category: 'food',
    criticality: 'low',
    conflicts: [],
  },
  {
    snomed: '735029006',
    displayIt: 'Crostacei',
    displayEn: 'Shellfish',
    type: 'allergy',
    category: 'food',
    criticality: 'high',
    conflicts: [],
  },
  {
    snomed: '33396006',
    displayIt: 'Nichel',
    displayEn: 'Nickel',
    type: 'allergy',
    category: 'environment',
    criticality: 'low',
    conflicts: [],
  },
  {
    snomed: '111088007',
    displayIt: 'Lattice',
    displayEn: 'Latex',
    type: 'allergy',
    category: 'environment',
    criticality: 'high',
    conflicts: [],
  },
  {
    snomed: '256277009',
    displayIt: 'Pollini di graminacee',
    displayEn: 'Grass pollen',
    type: 'allergy',
    category: 'environment',
    criticality: 'low',
    conflicts: [],
  },
  {
    snomed: '260118006',
    displayIt: 'Polline di parietaria',
    displayEn: 'Wall pellitory pollen',
    type: 'allergy',
    category: 'environment',
    criticality: 'low',
    conflicts: [],
  },
  {
    snomed: '288328004',
    displayIt: 'Veleno di ape',
    displayEn: 'Bee venom',
    type: 'allergy',
    category: 'environment',
    criticality: 'high',
    conflicts: [],
  },
];

export interface Vaccine {
  snomed: string;
  atc: string;
  displayIt: string;
  displayEn: string;
}

export const vaccines = {
  influenza: {
    snomed: '1181000221105',
    atc: 'J07BB02',
    displayIt: 'Vaccino antinfluenzale',
    displayEn: 'Influenza virus antigen only vaccine product',
  },
  covid19: {
    snomed: '1119349007',
    atc: 'J07BN01',
    displayIt: 'Vaccino anti-COVID-19 a mRNA',
    displayEn: 'SARS-CoV-2 mRNA vaccine',
  },
  dtpa: {
    snomed: '871876003',
    atc: 'J07AJ52',
    displayIt: 'Richiamo difterite-tetano-pertosse (dTpa)',
    displayEn:
      'Acellular Bordetella pertussis and Clostridium tetani and Corynebacterium diphtheriae antigens only vaccine product',
  },
  // The emergency room's "profilassi antitetanica" for a wound: the adult tetanus-diphtheria booster.
  td: {
    snomed: '871826000',
    atc: 'J07AM51',
    displayIt: 'Vaccino difterite-tetano (dT)',
    displayEn: 'Clostridium tetani and Corynebacterium diphtheriae antigens only vaccine product',
  },
  hepatitisB: {
    snomed: '836374004',
    atc: 'J07BC01',
    displayIt: 'Vaccino anti-epatite B',
    displayEn: 'Hepatitis B virus antigen-containing vaccine product',
  },
  pneumococcal: {
    snomed: '1801000221105',
    atc: 'J07AL02',
    displayIt: 'Vaccino anti-pneumococcico coniugato',
    displayEn: 'Streptococcus pneumoniae capsular polysaccharide antigen conjugated only vaccine product',
  },
  zoster: {
    snomed: '836495005',
    atc: 'J07BK03',
    displayIt: 'Vaccino anti-zoster ricombinante',
    displayEn: 'Human alphaherpesvirus 3 antigen-containing vaccine product',
  },
} as const satisfies Record<string, Vaccine>;
