/** Demo care plans: kinds of plan, and Mario's diabetes plan with the one it replaced. */
export const demoPaiTypes = [
  {
    code: 'PAI_DIAB',
    name: 'Piano assistenziale diabete',
    description: 'Percorso di cura condiviso per la persona con diabete tipo 2',
    folderNames: ['Referti', 'Educazione terapeutica'],
  },
  {
    code: 'PAI_SCOMP',
    name: 'Piano assistenziale scompenso cardiaco',
    description: 'Monitoraggio domiciliare e controlli dello scompenso cardiaco',
    folderNames: ['Referti', 'Diario dei parametri'],
  },
] as const;

/** Days from the day of seeding, so the demo always has activities behind and ahead. */
export interface DemoActivity {
  title: string;
  description: string;
  inDays: number;
  doneInDays?: number;
}

export const activePlanActivities: DemoActivity[] = [
  {
    title: 'Controllo emoglobina glicata (HbA1c)',
    description: 'Prelievo di sangue presso il laboratorio analisi; non serve il digiuno.',
    inDays: -20,
    doneInDays: -19,
  },
  {
    title: 'Visita diabetologica di controllo',
    description: 'Portare il diario glicemico e l’elenco dei farmaci in uso.',
    inDays: 3,
  },
  {
    title: 'Esame del fondo oculare',
    description: 'Presso l’ambulatorio di oculistica; dopo il collirio non guidare per alcune ore.',
    inDays: 14,
  },
  {
    title: 'Valutazione del piede diabetico',
    description: 'Controllo della sensibilità e della circolazione dei piedi.',
    inDays: 45,
  },
];

export const replacedPlanActivities: DemoActivity[] = [
  {
    title: 'Controllo emoglobina glicata (HbA1c)',
    description: 'Prelievo di sangue presso il laboratorio analisi.',
    inDays: -200,
    doneInDays: -198,
  },
  {
    title: 'Visita diabetologica di controllo',
    description: 'Controllo della terapia.',
    inDays: -120,
  },
];
