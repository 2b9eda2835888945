/**
 * The medicines of the demo letters (`clinicalByUnit` therapies), coded with WHO ATC; the text is split as the
 * letter writes it, the medicine with its strength and the posology.
 */
export interface TherapyCode {
  atc: string;
  medication: string;
  dosage: string;
  /** Taken for good when a visit recommends it (a visit gives no duration); otherwise a 30-day course. */
  chronic: boolean;
}

export const therapyCodes: Readonly<Record<string, TherapyCode>> = {
  'Bisoprololo 2,5 mg 1 cp/die': {
    atc: 'C07AB07',
    medication: 'Bisoprololo 2,5 mg',
    dosage: '1 cp/die',
    chronic: true,
  },
  'Apixaban 5 mg 1 cp x 2/die': {
    atc: 'B01AF02',
    medication: 'Apixaban 5 mg',
    dosage: '1 cp x 2/die',
    chronic: true,
  },
  'Atorvastatina 20 mg 1 cp/sera': {
    atc: 'C10AA05',
    medication: 'Atorvastatina 20 mg',
    dosage: '1 cp/sera',
    chronic: true,
  },
  'Metformina 1000 mg 1 cp x 2/die': {
    atc: 'A10BA02',
    medication: 'Metformina 1000 mg',
    dosage: '1 cp x 2/die',
    chronic: true,
  },
  'Ferro solfato 105 mg 1 cp/die': {
    atc: 'B03AA07',
    medication: 'Ferro solfato 105 mg',
    dosage: '1 cp/die',
    chronic: false,
  },
  'Pantoprazolo 20 mg 1 cp/die': {
    atc: 'A02BC02',
    medication: 'Pantoprazolo 20 mg',
    dosage: '1 cp/die',
    chronic: false,
  },
  'Paracetamolo 1000 mg al bisogno': {
    atc: 'N02BE01',
    medication: 'Paracetamolo 1000 mg',
    dosage: 'al bisogno',
    chronic: false,
  },
  'Enoxaparina 4000 UI sc 1 fl/die': {
    atc: 'B01AB05',
    medication: 'Enoxaparina 4000 UI',
    dosage: 'sc 1 fl/die',
    chronic: false,
  },
  'Ibuprofene 400 mg al bisogno': {
    atc: 'M01AE01',
    medication: 'Ibuprofene 400 mg',
    dosage: 'al bisogno',
    chronic: false,
  },
  // 100 mg a day is the antiplatelet dose: B01AC06, not the analgesic N02BA01.
  'Acido acetilsalicilico 100 mg 1 cp/die': {
    atc: 'B01AC06',
    medication: 'Acido acetilsalicilico 100 mg',
    dosage: '1 cp/die',
    chronic: true,
  },
  'Amitriptilina 10 mg 1 cp/sera': {
    atc: 'N06AA09',
    medication: 'Amitriptilina 10 mg',
    dosage: '1 cp/sera',
    chronic: true,
  },
  // The Italian injectable vitamin B12 is cyanocobalamin.
  'Vitamina B12 1 fl/sett.': {
    atc: 'B03BA01',
    medication: 'Vitamina B12',
    dosage: '1 fl/sett.',
    chronic: false,
  },
  'Ondansetron 8 mg al bisogno': {
    atc: 'A04AA01',
    medication: 'Ondansetron 8 mg',
    dosage: 'al bisogno',
    chronic: false,
  },
  'Colecalciferolo 25.000 UI 1 fl/mese': {
    atc: 'A11CC05',
    medication: 'Colecalciferolo 25.000 UI',
    dosage: '1 fl/mese',
    chronic: true,
  },
};
